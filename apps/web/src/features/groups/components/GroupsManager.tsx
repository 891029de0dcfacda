import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Group, JOIN_POLICY_LABELS } from '@placely/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS, toJoinGroupLink } from '../../../app/paths';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { JoinLinkDialog } from '../../../lib/components/JoinLinkDialog';
import { showSuccess } from '../../../lib/snackbar';
import { useDeleteGroup } from '../api/deleteGroup';
import { useGroups } from '../api/listGroups';
import { GroupDialog } from './GroupDialog';

const count = (n: number | null, one: string, many: string) => `${n ?? 0} ${n === 1 ? one : many}`;

/** An organization's groups: create, share the join link and QR code, edit, delete. */
export function GroupsManager() {
  const list = useGroups();
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [sharing, setSharing] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const groups = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          New group
        </Button>
      </Stack>
      {list.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : list.isError ? (
        <Alert severity="error">Your groups could not be loaded. Reload the page to try again.</Alert>
      ) : groups.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography color="text.secondary">
              No groups yet. Create one, share its link or QR code with candidates, and reach its members with openings.
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Groups">
          {groups.map((group) => (
            <Card component="li" variant="outlined" key={group.id}>
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500, wordBreak: 'break-word' }}>
                  {group.name}
                </Typography>
                {group.description && (
                  <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
                    {group.description}
                  </Typography>
                )}
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                  <Chip size="small" label={JOIN_POLICY_LABELS[group.joinPolicy].split(':')[0]} />
                  <Chip size="small" label={group.visibility === 'public' ? 'Public' : 'Unlisted'} variant="outlined" />
                  <Chip size="small" label={count(group.memberCount, 'member', 'members')} variant="outlined" />
                  <Chip size="small" label={count(group.followerCount, 'follower', 'followers')} variant="outlined" />
                </Stack>
                {(group.pendingRequestCount ?? 0) > 0 && (
                  <Link
                    component={RouterLink}
                    to={PATHS.organization.groupRequests}
                    sx={{ display: 'inline-block', mt: 1 }}
                  >
                    {count(group.pendingRequestCount, 'request waits', 'requests wait')} for your decision
                  </Link>
                )}
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
                <Button size="small" onClick={() => setEditing(group)} aria-label={`Edit ${group.name}`}>
                  Edit
                </Button>
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

      {editing && <GroupDialog group={editing} onClose={() => setEditing(null)} />}
      {sharing && (
        <JoinLinkDialog name={sharing.name} path={toJoinGroupLink(sharing.id)} onClose={() => setSharing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this group'}?`}
        confirmLabel="Delete group"
        cancelLabel="Keep it"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => showSuccess('Group deleted') });
          setDeleting(null);
        }}
      >
        The group, its join link and its requests go away. Members lose nothing from their own profiles: their
        education, experience and applications stay theirs.
      </ConfirmDialog>
    </Stack>
  );
}
