import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INSTITUTION_ROLES,
  type InstitutionRole,
  type InstitutionRoleGrantBody,
  institutionRoleGrantBodySchema,
} from '@placely/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api/errors';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { useInstitutionPeople } from '../api/getInstitutionPeople';
import { useGrantInstitutionRole } from '../api/grantInstitutionRole';
import { useRevokeInstitutionRole } from '../api/revokeInstitutionRole';

type Output = z.output<typeof institutionRoleGrantBodySchema>;

export const INSTITUTION_ROLE_HELP: Record<InstitutionRole, string> = {
  root: "Keeps the institution's details and roles up to date and runs its verification groups",
  admin: "Helps run the institution's verification groups",
};

/** Who holds a role at an institution; give one by email (it waits for people who have not signed in yet). */
export function InstitutionPeopleDialog({
  institution,
  onClose,
}: {
  institution: { institutionId: number; name: string };
  onClose: () => void;
}) {
  const people = useInstitutionPeople(institution.institutionId);
  const grant = useGrantInstitutionRole();
  const revoke = useRevokeInstitutionRole();
  const [problem, setProblem] = useState<string | null>(null);
  const emptyForm = { institutionId: institution.institutionId, email: '', role: 'admin' as InstitutionRole };
  const { control, handleSubmit, setError, reset, formState } = useForm<InstitutionRoleGrantBody, unknown, Output>({
    resolver: zodResolver(institutionRoleGrantBodySchema),
    defaultValues: emptyForm,
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const result = await grant.mutateAsync(values);
      showSuccess(result.message);
      reset({ ...emptyForm, role: values.role });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email', 'role'])) {
        setProblem(error instanceof ApiError ? error.message : 'Could not give the role.');
      }
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="institution-people-title">
      <DialogTitle id="institution-people-title">People running {institution.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {people.isPending ? (
            <Skeleton variant="rounded" height={72} />
          ) : people.isError ? (
            <Alert severity="error">The people could not be loaded.</Alert>
          ) : people.data.people.length === 0 ? (
            <Typography color="text.secondary">Nobody holds a role yet: appoint a root below.</Typography>
          ) : (
            <List disablePadding aria-label="People with a role">
              {people.data.people.map((person) => (
                <ListItem key={person.email} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText
                    primary={person.name ?? person.email}
                    secondary={person.userId === null ? 'Gets the role on first sign-in' : person.email}
                    sx={{ minWidth: 0, wordBreak: 'break-word' }}
                  />
                  <Chip size="small" label={person.role === 'root' ? 'Root' : 'Admin'} />
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Remove ${person.email}`}
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(
                        { institutionId: institution.institutionId, email: person.email },
                        { onSuccess: (result) => showSuccess(result.message) },
                      )
                    }
                  >
                    Remove
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
          <form onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <Typography variant="subtitle1" component="h3">
                Give someone a role
              </Typography>
              {problem && <Alert severity="error">{problem}</Alert>}
              <FormTextField name="email" control={control} label="Email" type="email" autoComplete="off" required />
              <Controller
                name="role"
                control={control}
                render={({ field }) => (
                  <TextField select label="Role" {...field} helperText={INSTITUTION_ROLE_HELP[field.value]}>
                    {INSTITUTION_ROLES.map((role) => (
                      <MenuItem key={role} value={role}>
                        {role === 'root' ? 'Root' : 'Admin'}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Button
                type="submit"
                variant="contained"
                loading={formState.isSubmitting}
                sx={{ alignSelf: 'flex-start' }}
              >
                Give role
              </Button>
            </Stack>
          </form>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
