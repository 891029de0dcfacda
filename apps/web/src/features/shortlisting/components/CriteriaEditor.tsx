import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RANKING_LIMITS, type RatingCriterion } from '@placely/contract';
import { useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useAddCriterion } from '../api/addCriterion';
import { useRemoveCriterion } from '../api/removeCriterion';
import { useRenameCriterion } from '../api/renameCriterion';

/** The criteria people rate candidates on (1–5 each): add, rename (on leaving the field), remove. */
export function CriteriaEditor({ openingId, criteria }: { openingId: string; criteria: RatingCriterion[] }) {
  const [name, setName] = useState('');
  const add = useAddCriterion();
  const rename = useRenameCriterion();
  const remove = useRemoveCriterion();
  const onError = (error: unknown) => showError(error);
  return (
    <Box component="section" aria-labelledby="rating-criteria">
      <Typography id="rating-criteria" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500 }}>
        Rating criteria
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Everyone on the opening rates each candidate 1–5 on these; a recipe can weigh their averages.
      </Typography>
      <Stack spacing={1}>
        {criteria.map((criterion) => (
          <Stack key={criterion.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label="Criterion"
              defaultValue={criterion.name}
              slotProps={{ htmlInput: { maxLength: RANKING_LIMITS.criterionNameLength } }}
              onBlur={(event) => {
                const next = event.target.value.trim();
                if (next && next !== criterion.name) {
                  rename.mutate(
                    { openingId, criterionId: criterion.id, name: next },
                    { onSuccess: () => showSuccess('Criterion renamed'), onError },
                  );
                }
              }}
              sx={{ flex: 1, maxWidth: 320 }}
            />
            <IconButton
              aria-label={`Remove ${criterion.name}`}
              disabled={criteria.length === 1 || remove.isPending}
              onClick={() => remove.mutate({ openingId, criterionId: criterion.id }, { onError })}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
        {criteria.length < RANKING_LIMITS.criteria && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label="New criterion"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: RANKING_LIMITS.criterionNameLength } }}
              sx={{ flex: 1, maxWidth: 320 }}
            />
            <Button
              disabled={name.trim() === ''}
              loading={add.isPending}
              onClick={() => add.mutate({ openingId, name }, { onSuccess: () => setName(''), onError })}
            >
              Add criterion
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
