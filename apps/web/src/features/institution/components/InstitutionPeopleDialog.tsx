import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { INSTITUTION_ROLES, type InstitutionRole } from '@placely/contract';
import { GrantRoleForm, type RoleHolder, RoleHoldersList } from '../../../lib/components/RoleHolders';
import { showSuccess } from '../../../lib/snackbar';
import { useInstitutionPeople } from '../api/getInstitutionPeople';
import { useGrantInstitutionRole } from '../api/grantInstitutionRole';
import { useRevokeInstitutionRole } from '../api/revokeInstitutionRole';

const ROLE_LABELS: Record<InstitutionRole, string> = { root: 'Root', admin: 'Admin' };
const ROLE_HELP: Record<InstitutionRole, string> = {
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
  const holders: RoleHolder[] = (people.data?.people ?? []).map((person) => ({
    email: person.email,
    primary: person.name ?? person.email,
    secondary: person.userId === null ? 'Gets the role on first sign-in' : person.email,
    roleLabel: ROLE_LABELS[person.role],
    onRemove: () =>
      revoke.mutate(
        { institutionId: institution.institutionId, email: person.email },
        { onSuccess: (result) => showSuccess(result.message) },
      ),
  }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="institution-people-title">
      <DialogTitle id="institution-people-title">People running {institution.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <RoleHoldersList
            label="People with a role"
            state={people.isPending ? 'pending' : people.isError ? 'error' : 'ready'}
            holders={holders}
            emptyText="Nobody holds a role yet: appoint a root below."
            removing={revoke.isPending}
          />
          <GrantRoleForm
            roles={INSTITUTION_ROLES}
            defaultRole="admin"
            roleLabel={(role) => ROLE_LABELS[role]}
            roleHelp={(role) => ROLE_HELP[role]}
            submitLabel="Give role"
            onGrant={async (values) =>
              (await grant.mutateAsync({ institutionId: institution.institutionId, ...values })).message
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
