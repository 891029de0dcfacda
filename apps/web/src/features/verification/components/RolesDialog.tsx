import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  VERIFICATION_ROLE_LABELS,
  VERIFICATION_ROLES,
  type VerificationGroup,
  type VerificationRole,
} from '@placely/contract';
import { GrantRoleForm, type RoleHolder, RoleHoldersList } from '../../../lib/components/RoleHolders';
import { showSuccess } from '../../../lib/snackbar';
import { useGrantRole } from '../api/grantRole';
import { useRoles } from '../api/listRoles';
import { useRevokeRole } from '../api/revokeRole';

const capitalized = (role: string) => `${role[0]?.toUpperCase() ?? ''}${role.slice(1)}`;

/** Who holds which role, granting one by email (people who have not signed up get it on first sign-in). */
export function RolesDialog({ group, onClose }: { group: VerificationGroup; onClose: () => void }) {
  const roles = useRoles(group.id);
  const grant = useGrantRole();
  const revoke = useRevokeRole();
  const grantable = VERIFICATION_ROLES.filter((role) => role !== 'owner' || group.abilities.grantOwner) as [
    VerificationRole,
    ...VerificationRole[],
  ];
  const holders: RoleHolder[] = (roles.data?.roles ?? []).map((grantRow) => ({
    email: grantRow.email,
    primary: grantRow.name ?? grantRow.email,
    secondary: grantRow.userId === null ? `${grantRow.email} · gets access on first sign-in` : grantRow.email,
    roleLabel: grantRow.role,
    ...(grantRow.removable && (grantRow.role !== 'owner' || group.abilities.grantOwner)
      ? {
          onRemove: () =>
            revoke.mutate(
              { groupId: group.id, email: grantRow.email },
              { onSuccess: (result) => showSuccess(result.message) },
            ),
        }
      : {}),
  }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="roles-dialog-title">
      <DialogTitle id="roles-dialog-title">People with access to {group.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <RoleHoldersList
            label="Roles"
            state={roles.isPending ? 'pending' : roles.isError ? 'error' : 'ready'}
            holders={holders}
            emptyText="Nobody holds a role yet."
            removing={revoke.isPending}
          />
          <GrantRoleForm
            roles={grantable}
            defaultRole="verifier"
            roleLabel={capitalized}
            roleHelp={(role) => VERIFICATION_ROLE_LABELS[role]}
            submitLabel="Grant role"
            onGrant={async (values) => (await grant.mutateAsync({ groupId: group.id, ...values })).message}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
