import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CandidateTag } from '@placely/contract';
import { useState } from 'react';
import { showError } from '../../../lib/snackbar';
import { useApplyTag } from '../api/applyTag';
import { useCreateTag } from '../api/createTag';
import { useTags } from '../api/listTags';

/** The candidate's tags; those who may tag add (or create, when they keep the list) and remove them here. */
export function CandidateTags({
  openingId,
  applicationId,
  tags,
  canTag,
}: {
  openingId: string;
  applicationId: string;
  tags: CandidateTag[];
  canTag: boolean;
}) {
  const all = useTags();
  const apply = useApplyTag();
  const create = useCreateTag();
  const [input, setInput] = useState('');
  const toggle = (tagId: string, action: 'add' | 'remove') =>
    apply.mutate(
      { openingId, tagId, action, applicationIds: [applicationId] },
      { onError: (error) => showError(error) },
    );
  const choices = (all.data?.items ?? []).filter((tag) => !tags.some((own) => own.id === tag.id));
  const canCreate = all.data?.abilities.manage ?? false;
  const addByName = async (name: string) => {
    const known = all.data?.items.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
    if (known) return toggle(known.id, 'add');
    if (!canCreate) return;
    try {
      const created = await create.mutateAsync({ name });
      toggle(created.id, 'add');
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Box component="section" aria-labelledby="candidate-tags">
      <Typography id="candidate-tags" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}>
        Tags
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: canTag ? 1 : 0 }}>
        {tags.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No tags.
          </Typography>
        )}
        {tags.map((tag) => (
          <Chip
            key={tag.id}
            label={tag.name}
            size="small"
            {...(canTag ? { onDelete: () => toggle(tag.id, 'remove') } : {})}
          />
        ))}
      </Stack>
      {canTag && (
        <Autocomplete
          freeSolo={canCreate}
          options={choices.map((tag) => tag.name)}
          value={null}
          inputValue={input}
          onInputChange={(_event, value) => setInput(value)}
          onChange={(_event, value) => {
            if (typeof value === 'string' && value.trim()) void addByName(value.trim());
            setInput('');
          }}
          renderInput={(params) => (
            <TextField {...params} size="small" label={canCreate ? 'Add or create a tag' : 'Add a tag'} />
          )}
          sx={{ maxWidth: 320 }}
        />
      )}
    </Box>
  );
}
