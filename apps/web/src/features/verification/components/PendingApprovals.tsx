import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Section } from '../../../lib/components/Section';
import { showSuccess } from '../../../lib/snackbar';
import { useApproveVerificationGroup } from '../api/approveVerificationGroup';
import { usePlatformRole } from '../api/getPlatformRole';
import { useVerificationGroups } from '../api/listVerificationGroups';

/** For platform verification admins only: approve or reject new groups. Others see nothing. */
export function PendingApprovals() {
  const role = usePlatformRole();
  const list = useVerificationGroups('pending', role.data?.verificationAdmin === true);
  const approve = useApproveVerificationGroup();
  if (!list.isSuccess) return null;
  const groups = list.data.pages.flatMap((page) => page.items);
  return (
    <Section
      title="Awaiting your approval"
      description="You are a platform verification admin: a group goes live when you approve it."
    >
      {groups.length === 0 ? (
        <Typography color="text.secondary">No verification group is waiting for approval.</Typography>
      ) : (
        <List disablePadding aria-label="Groups awaiting approval">
          {groups.map((group) => (
            <ListItem key={group.id} divider sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={group.name}
                secondary={`By ${group.owner.name}${group.institution ? ` for ${group.institution.name}` : ''}`}
              />
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  variant="contained"
                  disabled={approve.isPending}
                  aria-label={`Approve ${group.name}`}
                  onClick={() =>
                    approve.mutate({ id: group.id, decision: 'approved' }, { onSuccess: (r) => showSuccess(r.message) })
                  }
                >
                  Approve
                </Button>
                <Button
                  size="small"
                  color="error"
                  disabled={approve.isPending}
                  aria-label={`Reject ${group.name}`}
                  onClick={() =>
                    approve.mutate({ id: group.id, decision: 'rejected' }, { onSuccess: (r) => showSuccess(r.message) })
                  }
                >
                  Reject
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
