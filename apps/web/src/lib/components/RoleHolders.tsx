import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { emailSchema, z } from '@placely/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../api/errors';
import { applyServerFieldErrors } from '../forms';
import { showSuccess } from '../snackbar';
import { FormTextField } from './FormTextField';

/** One person holding a role (in a verification group, at an institution), as a role list shows them. */
export interface RoleHolder {
  email: string;
  primary: string;
  secondary: string;
  roleLabel: string;
  /** Present when the viewer may take this role away. */
  onRemove?: () => void;
}

/** Who holds which role: loading, failure and empty states included. */
export function RoleHoldersList({
  label,
  state,
  holders,
  emptyText,
  removing,
}: {
  label: string;
  state: 'pending' | 'error' | 'ready';
  holders: RoleHolder[];
  emptyText: string;
  removing: boolean;
}) {
  if (state === 'pending') return <Skeleton variant="rounded" height={72} />;
  if (state === 'error') return <Alert severity="error">The people could not be loaded.</Alert>;
  if (holders.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <List disablePadding aria-label={label}>
      {holders.map((holder) => (
        <ListItem key={holder.email} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
          <ListItemText
            primary={holder.primary}
            secondary={holder.secondary}
            sx={{ minWidth: 0, wordBreak: 'break-word' }}
          />
          <Chip size="small" label={holder.roleLabel} />
          {holder.onRemove && (
            <Button
              size="small"
              color="error"
              aria-label={`Remove ${holder.email}`}
              disabled={removing}
              onClick={holder.onRemove}
            >
              Remove
            </Button>
          )}
        </ListItem>
      ))}
    </List>
  );
}

/**
 * Gives a role by email. `onGrant` answers the server's message; field errors from the server land next to the
 * email or role, anything else above the form.
 */
export function GrantRoleForm<R extends string>({
  roles,
  defaultRole,
  roleLabel,
  roleHelp,
  submitLabel,
  onGrant,
}: {
  roles: readonly [R, ...R[]];
  defaultRole: R;
  roleLabel: (role: R) => string;
  roleHelp: (role: R) => string;
  submitLabel: string;
  onGrant: (values: { email: string; role: R }) => Promise<string>;
}) {
  const schema = useMemo(
    () =>
      z.object({
        email: emailSchema,
        role: z.string().refine((value) => (roles as readonly string[]).includes(value), 'Choose a role'),
      }),
    [roles],
  );
  type Input = z.input<typeof schema>;
  type Output = z.output<typeof schema>;
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', role: defaultRole } as Input,
  });
  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      showSuccess(await onGrant(values as { email: string; role: R }));
      reset({ email: '', role: values.role } as Input);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email', 'role'])) {
        setProblem(error instanceof ApiError ? error.message : 'Could not give the role.');
      }
    }
  });
  return (
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
            <TextField select label="Role" {...field} helperText={roleHelp(field.value as R)}>
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabel(role)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
