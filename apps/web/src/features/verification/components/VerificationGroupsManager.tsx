import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApprovalState, VerificationGroup } from '@placely/contract';
import { useState } from 'react';
import { toJoinVerificationLink } from '../../../app/paths';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { JoinLinkDialog } from '../../../lib/components/JoinLinkDialog';
import { showSuccess } from '../../../lib/snackbar';
import { useDeleteVerificationGroup } from '../api/deleteVerificationGroup';
import { useAdminVerificationGroups } from '../api/listAdminVerificationGroups';
import { RolesDialog } from './RolesDialog';
import { VerificationGroupDialog } from './VerificationGroupDialog';

export const APPROVAL_LABELS: Record<ApprovalState, { label: string; color: 'warning' | 'success' | 'error' }> = {
  pending: { label: 'Awaiting approval', color: 'warning' },
  approved: { label: 'Live', color: 'success' },
  rejected: { label: 'Not approved', color: 'error' },
};

export interface VerificationGroupsManagerProps {
  institutions: ReadonlyArray<{ institutionId: number; name: string }>;
  /** Organizations create groups of their own; institution roles create them for their institution. */
  allowWithoutInstitution: boolean;
}

/** The verification groups you run or hold a role in: create, share, edit, roles by email, delete. */
export function VerificationGroupsManager({ institutions, allowWithoutInstitution }: VerificationGroupsManagerProps) {
  const list = useAdminVerificationGroups();
  const remove = useDeleteVerificationGroup();
  const [editing, setEditing] = useState<VerificationGroup | 'new' | null>(null);
  const [sharing, setSharing] = useState<VerificationGroup | null>(null);
  const [roles, setRoles] = useState<VerificationGroup | null>(null);
  const [deleting, setDeleting] = useState<VerificationGroup | null>(null);
  const groups = list.data?.pages.flatMap((page) => page.items) ?? [];
  const canCreate = allowWithoutInstitution || institutions.length > 0;

  return (
    <Stack spacing={2}>
      {canCreate && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New verification group
          </Button>
        </Stack>
      )}
      {list.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : list.isError ? (
        <Alert severity="error">Your verification groups could not be loaded. Reload the page to try again.</Alert>
      ) : groups.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography color="text.secondary">
              {canCreate
                ? 'No verification groups yet. Create one to vouch for your members’ grades, degrees and internships.'
                : 'You hold no role in a verification group. When a group gives your email a role, it shows here.'}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Verification groups">
          {groups.map((group) => (
            <Card component="li" variant="outlined" key={group.id}>
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500, wordBreak: 'break-word' }}>
                  {group.name}
                </Typography>
                {group.institution && <Typography color="text.secondary">For {group.institution.name}</Typography>}
                {group.description && (
                  <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
                    {group.description}
                  </Typography>
                )}
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                  <Chip
                    size="small"
                    color={APPROVAL_LABELS[group.approvalState].color}
                    label={APPROVAL_LABELS[group.approvalState].label}
                  />
                  {group.viewer.role && (
                    <Chip size="small" variant="outlined" label={`Your role: ${group.viewer.role}`} />
                  )}
                  <Chip size="small" variant="outlined" label={`${group.memberCount} members`} />
                  {group.pendingRequestCount !== null && (
                    <Chip size="small" variant="outlined" label={`${group.pendingRequestCount} requests`} />
                  )}
                </Stack>
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setSharing(group)}
                  aria-label={`Share ${group.name}`}
                >
                  Share link
                </Button>
                {group.abilities.manage && (
                  <>
                    <Button size="small" onClick={() => setEditing(group)} aria-label={`Edit ${group.name}`}>
                      Edit
                    </Button>
                    <Button size="small" onClick={() => setRoles(group)} aria-label={`Roles of ${group.name}`}>
                      Roles
                    </Button>
                  </>
                )}
                {group.abilities.delete && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(group)}
                    aria-label={`Delete ${group.name}`}
                  >
                    Delete
                  </Button>
                )}
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}

      {editing && (
        <VerificationGroupDialog
          group={editing}
          institutions={institutions}
          allowWithoutInstitution={allowWithoutInstitution}
          onClose={() => setEditing(null)}
        />
      )}
      {roles && <RolesDialog group={roles} onClose={() => setRoles(null)} />}
      {sharing && (
        <JoinLinkDialog
          name={sharing.name}
          path={toJoinVerificationLink(sharing.id)}
          onClose={() => setSharing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this verification group'}?`}
        confirmLabel="Delete group"
        cancelLabel="Keep it"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => showSuccess('Verification group deleted') });
          setDeleting(null);
        }}
      >
        The group and its join link go away, and the records it verified no longer show its badge. Members lose nothing
        from their own profiles.
      </ConfirmDialog>
    </Stack>
  );
}
