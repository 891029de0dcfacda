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
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from '@placely/contract';
import {
  JOIN_POLICIES,
  JOIN_POLICY_LABELS,
  type VerificationGroup,
  type VerificationGroupInput,
  verificationGroupInputSchema,
} from '@placely/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { useCreateVerificationGroup } from '../api/createVerificationGroup';
import { useUpdateVerificationGroup } from '../api/updateVerificationGroup';

type Output = z.output<typeof verificationGroupInputSchema>;
const FIELDS = ['name', 'description', 'joinPolicy', 'institutionId'] as const;

export interface VerificationGroupDialogProps {
  group: VerificationGroup | 'new';
  /** Institutions the person may create groups for (their root/admin roles). */
  institutions: ReadonlyArray<{ institutionId: number; name: string }>;
  /** Organizations may create groups of their own, without an institution. */
  allowWithoutInstitution: boolean;
  onClose: () => void;
}

/** Create or change a verification group. New groups go live once a verification admin approves them. */
export function VerificationGroupDialog({
  group,
  institutions,
  allowWithoutInstitution,
  onClose,
}: VerificationGroupDialogProps) {
  const existing = group === 'new' ? null : group;
  const create = useCreateVerificationGroup();
  const update = useUpdateVerificationGroup();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, setFocus, formState } = useForm<VerificationGroupInput, unknown, Output>({
    resolver: zodResolver(verificationGroupInputSchema),
    defaultValues: {
      name: existing?.name ?? '',
      description: existing?.description ?? '',
      joinPolicy: existing?.joinPolicy ?? 'request',
      institutionId:
        existing?.institution?.institutionId ??
        (allowWithoutInstitution ? null : (institutions[0]?.institutionId ?? null)),
    },
    mode: 'onTouched',
  });

  const submit = handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        if (existing) {
          const { institutionId: _fixed, ...changes } = values;
          await update.mutateAsync({ id: existing.id, ...changes });
          showSuccess('Verification group saved');
        } else {
          const result = await create.mutateAsync(values);
          showSuccess(result.message);
        }
        onClose();
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          setProblem(error instanceof ApiError ? error.message : 'Could not save the verification group.');
        }
      }
    },
    (errors) => {
      const first = FIELDS.find((name) => errors[name]);
      if (first) setFocus(first);
    },
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="verification-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="verification-dialog-title">
          {existing ? 'Edit verification group' : 'New verification group'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            {!existing && (
              <Alert severity="info">A platform verification admin approves new groups before people can join.</Alert>
            )}
            <FormTextField name="name" control={control} label="Name" required />
            <FormTextField
              name="description"
              control={control}
              label="Description"
              multiline
              minRows={2}
              helperText="What you verify and for whom, shown on the join page"
            />
            {!existing && (institutions.length > 0 || !allowWithoutInstitution) && (
              <Controller
                name="institutionId"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="On behalf of"
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'An institution you hold a role at, or your organization'}
                  >
                    {allowWithoutInstitution && <MenuItem value="">Your organization</MenuItem>}
                    {institutions.map((institution) => (
                      <MenuItem key={institution.institutionId} value={institution.institutionId}>
                        {institution.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <Controller
              name="joinPolicy"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="verification-join-policy">How people join</FormLabel>
                  <RadioGroup aria-labelledby="verification-join-policy" {...field}>
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
