import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { z } from '@placely/contract';
import {
  GROUP_VISIBILITIES,
  GROUP_VISIBILITY_LABELS,
  type Group,
  type GroupInput,
  groupInputSchema,
  JOIN_POLICIES,
  JOIN_POLICY_LABELS,
} from '@placely/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { useCreateGroup } from '../api/createGroup';
import { useUpdateGroup } from '../api/updateGroup';

type GroupOutput = z.output<typeof groupInputSchema>;
const FIELDS = ['name', 'description', 'visibility', 'joinPolicy'] as const;

/** Create or change a group: name, description, who finds it and how people join. */
export function GroupDialog({ group, onClose }: { group: Group | 'new'; onClose: () => void }) {
  const existing = group === 'new' ? null : group;
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, setFocus, formState } = useForm<GroupInput, unknown, GroupOutput>({
    resolver: zodResolver(groupInputSchema),
    defaultValues: {
      name: existing?.name ?? '',
      description: existing?.description ?? '',
      visibility: existing?.visibility ?? 'public',
      joinPolicy: existing?.joinPolicy ?? 'request',
    },
    mode: 'onTouched',
  });

  const submit = handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        if (existing) await update.mutateAsync({ id: existing.id, ...values });
        else await create.mutateAsync(values);
        showSuccess(existing ? 'Group saved' : 'Group created');
        onClose();
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          setProblem(error instanceof ApiError ? error.message : 'Could not save the group.');
        }
      }
    },
    (errors) => {
      const first = FIELDS.find((name) => errors[name]);
      if (first) setFocus(first);
    },
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="group-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="group-dialog-title">{existing ? 'Edit group' : 'New group'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            <FormTextField name="name" control={control} label="Name" required />
            <FormTextField
              name="description"
              control={control}
              label="Description"
              multiline
              minRows={2}
              helperText="Who the group is for, shown on its join page"
            />
            <Controller
              name="visibility"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="group-visibility">Who can find it</FormLabel>
                  <RadioGroup aria-labelledby="group-visibility" {...field}>
                    {GROUP_VISIBILITIES.map((value) => (
                      <FormControlLabel
                        key={value}
                        value={value}
                        control={<Radio />}
                        label={GROUP_VISIBILITY_LABELS[value]}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Controller
              name="joinPolicy"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="group-join-policy">How people join</FormLabel>
                  <RadioGroup aria-labelledby="group-join-policy" {...field}>
                    {JOIN_POLICIES.map((value) => (
                      <FormControlLabel
                        key={value}
                        value={value}
                        control={<Radio />}
                        label={JOIN_POLICY_LABELS[value]}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {existing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
