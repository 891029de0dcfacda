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
  type RoleGrantBody,
  roleGrantBodySchema,
  VERIFICATION_ROLE_LABELS,
  VERIFICATION_ROLES,
  type VerificationGroup,
} from '@placely/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api/errors';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { useGrantRole } from '../api/grantRole';
import { useRoles } from '../api/listRoles';
import { useRevokeRole } from '../api/revokeRole';

type Output = z.output<typeof roleGrantBodySchema>;

/** Who holds which role, granting one by email (people who have not signed up get it on first sign-in). */
export function RolesDialog({ group, onClose }: { group: VerificationGroup; onClose: () => void }) {
  const roles = useRoles(group.id);
  const grant = useGrantRole();
  const revoke = useRevokeRole();
  const [problem, setProblem] = useState<string | null>(null);
  const grantable = VERIFICATION_ROLES.filter((role) => role !== 'owner' || group.abilities.grantOwner);
  const { control, handleSubmit, setError, reset, formState } = useForm<RoleGrantBody, unknown, Output>({
    resolver: zodResolver(roleGrantBodySchema),
    defaultValues: { groupId: group.id, email: '', role: 'verifier' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const result = await grant.mutateAsync(values);
      showSuccess(result.message);
      reset({ groupId: group.id, email: '', role: values.role });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email', 'role'])) {
        setProblem(error instanceof ApiError ? error.message : 'Could not grant the role.');
      }
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="roles-dialog-title">
      <DialogTitle id="roles-dialog-title">People with access to {group.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {roles.isPending ? (
            <Skeleton variant="rounded" height={72} />
          ) : roles.isError ? (
            <Alert severity="error">The roles could not be loaded.</Alert>
          ) : (
            <List disablePadding aria-label="Roles">
              {roles.data.roles.map((grantRow) => (
                <ListItem key={grantRow.email} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText
                    primary={grantRow.name ?? grantRow.email}
                    secondary={
                      grantRow.userId === null ? `${grantRow.email} · gets access on first sign-in` : grantRow.email
                    }
                    sx={{ minWidth: 0, wordBreak: 'break-word' }}
                  />
                  <Chip size="small" label={grantRow.role} />
                  {grantRow.removable && (grantRow.role !== 'owner' || group.abilities.grantOwner) && (
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Remove ${grantRow.email}`}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(
                          { groupId: group.id, email: grantRow.email },
                          { onSuccess: (result) => showSuccess(result.message) },
                        )
                      }
                    >
                      Remove
                    </Button>
                  )}
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
                  <TextField select label="Role" {...field} helperText={VERIFICATION_ROLE_LABELS[field.value]}>
                    {grantable.map((role) => (
                      <MenuItem key={role} value={role}>
                        {role[0]?.toUpperCase()}
                        {role.slice(1)}
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
                Grant role
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
