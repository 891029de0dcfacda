import CancelIcon from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SKILL_LEVEL_LABELS, SKILL_LEVELS, type SkillEntry, skillInputSchema } from '@placely/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { useAddEntry } from '../api/addEntry';
import { useDeleteEntry } from '../api/deleteEntry';
import { useSectionEntries } from '../api/listEntries';

export const SKILLS_PATH = '/api/user/skills';

/** Skills as chips: type a name, pick a level, press Enter; remove with the chip's delete icon or the Delete key. */
export function SkillsEditor() {
  const list = useSectionEntries<SkillEntry & { id: string; [key: string]: unknown }>(SKILLS_PATH);
  const add = useAddEntry(SKILLS_PATH);
  const remove = useDeleteEntry(SKILLS_PATH);
  const [name, setName] = useState('');
  const [level, setLevel] = useState<(typeof SKILL_LEVELS)[number]>('intermediate');
  const [error, setError] = useState<string | null>(null);
  const skills = list.data?.entries ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = skillInputSchema.safeParse({ name, level });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a skill');
      return;
    }
    if (skills.some((skill) => skill.name.toLowerCase() === parsed.data.name.toLowerCase())) {
      setError('You already have this skill.');
      return;
    }
    setError(null);
    setName('');
    add.mutate(parsed.data, {
      onError: (failure) => {
        setName(parsed.data.name);
        setError(failure instanceof ApiError ? failure.message : 'Could not add the skill.');
      },
    });
  };

  return (
    <Stack spacing={3}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="Skill"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? 'e.g. Python, Figma, Public speaking'}
            sx={{ flex: 2 }}
          />
          <TextField
            select
            label="Level"
            value={level}
            onChange={(event) => setLevel(event.target.value as (typeof SKILL_LEVELS)[number])}
            sx={{ flex: 1, minWidth: 160 }}
            helperText=" "
          >
            {SKILL_LEVELS.map((value) => (
              <MenuItem key={value} value={value}>
                {SKILL_LEVEL_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" sx={{ mt: { sm: 1 } }}>
            Add skill
          </Button>
        </Stack>
      </Box>
      {list.isPending ? (
        <Skeleton variant="rounded" height={40} />
      ) : skills.length === 0 ? (
        <Typography color="text.secondary">No skills yet. Add the ones you want recruiters to see.</Typography>
      ) : (
        <Stack
          component="ul"
          direction="row"
          aria-label="Skills"
          sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {skills.map((skill) => (
            <li key={skill.id}>
              <Chip
                label={`${skill.name} · ${SKILL_LEVEL_LABELS[skill.level]}`}
                onDelete={skill.id.startsWith('pending-') ? undefined : () => remove.mutate(skill.id)}
                deleteIcon={<CancelIcon aria-label={`Remove ${skill.name}`} aria-hidden={false} />}
              />
            </li>
          ))}
        </Stack>
      )}
      {remove.isError && <Alert severity="error">The skill could not be removed. Please try again.</Alert>}
    </Stack>
  );
}
