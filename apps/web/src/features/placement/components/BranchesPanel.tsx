import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLACEMENT_LIMITS } from '@placely/contract';
import { type FormEvent, useState } from 'react';
import { Section } from '../../../lib/components/Section';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCreateBranch } from '../api/createBranch';
import { useDeleteBranch } from '../api/deleteBranch';
import { useBranches } from '../api/getBranches';

/** Splits "CSE, CS; Computer Science" into aliases: commas and semicolons separate, blanks dropped. */
export function parseAliases(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;]/)
        .map((alias) => alias.trim())
        .filter(Boolean),
    ),
  ].slice(0, PLACEMENT_LIMITS.maxAliases);
}

/**
 * The institution's own list of programmes and branches, with the other names students and lists use ("CSE",
 * "Computer Science and Engineering"): eligibility rules and imports refer to it, so "CSE" is never silently excluded.
 */
export function BranchesPanel({ institutionId, editable }: { institutionId: number; editable: boolean }) {
  const branches = useBranches(institutionId);
  const create = useCreateBranch();
  const remove = useDeleteBranch(institutionId);
  const [degree, setDegree] = useState('');
  const [name, setName] = useState('');
  const [aliases, setAliases] = useState('');

  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const result = await create.mutateAsync({ institutionId, degree, name, aliases: parseAliases(aliases) });
      showSuccess(result.message);
      setName('');
      setAliases('');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Section
      title="Programmes and branches"
      description="Students pick from this list, and eligibility rules and imports match any of a branch’s names."
    >
      {branches.isError && <Alert severity="error">The branches could not be loaded.</Alert>}
      {branches.data && branches.data.items.length === 0 && (
        <Typography color="text.secondary">No branches yet.</Typography>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
        {branches.data?.items.map((branch) => (
          <Stack
            component="li"
            key={branch.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              {branch.degree} · {branch.name}
            </Typography>
            {branch.aliases.map((alias) => (
              <Chip key={alias} size="small" variant="outlined" label={alias} />
            ))}
            {editable && (
              <IconButton
                size="small"
                aria-label={`Delete ${branch.degree} ${branch.name}`}
                onClick={() => remove.mutate(branch.id, { onError: (error) => showError(error) })}
              >
                <span aria-hidden="true">×</span>
              </IconButton>
            )}
          </Stack>
        ))}
      </Stack>
      {editable && (
        <Stack component="form" onSubmit={add} direction={{ xs: 'column', md: 'row' }} spacing={1}>
          <TextField
            label="Programme"
            placeholder="B.Tech"
            value={degree}
            onChange={(e) => setDegree(e.target.value)}
            required
            size="small"
          />
          <TextField
            label="Branch"
            placeholder="Computer Science and Engineering"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            size="small"
          />
          <TextField
            label="Other names"
            placeholder="CSE, CS"
            helperText="Separate with commas"
            value={aliases}
            onChange={(e) => setAliases(e.target.value)}
            size="small"
          />
          <Button type="submit" variant="outlined" disabled={create.isPending} sx={{ alignSelf: { md: 'flex-start' } }}>
            Add branch
          </Button>
        </Stack>
      )}
    </Section>
  );
}
