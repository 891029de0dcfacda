import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { JoinCard } from '../../../lib/components/JoinCard';
import { Page } from '../../../lib/components/Page';
import { showSuccess } from '../../../lib/snackbar';
import { useFollowGroup } from '../api/followGroup';
import { useGroupDetails } from '../api/getGroupDetails';
import { useJoinGroup } from '../api/joinGroup';
import { useLeaveGroup } from '../api/leaveGroup';
import { useUnfollowGroup } from '../api/unfollowGroup';

/** /joinGroupLink/{id}: the group for anyone with the link; signed in, join or request, leave, follow. */
export function GroupJoinPanel({
  groupId,
  signedIn,
  signInSlot,
}: {
  groupId: string;
  signedIn: boolean;
  signInSlot: ReactNode;
}) {
  const details = useGroupDetails(groupId, signedIn);
  const join = useJoinGroup();
  const leave = useLeaveGroup();
  const follow = useFollowGroup();
  const unfollow = useUnfollowGroup();

  if (details.isPending && details.fetchStatus !== 'idle') {
    return (
      <Page title="Join a group">
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading group" />
        </Stack>
      </Page>
    );
  }
  const group = details.data;
  if (!group) {
    return (
      <Page title="Group not found" maxWidth={640}>
        <Alert severity="info">This group no longer exists, or the link is not complete. Ask for a current link.</Alert>
      </Page>
    );
  }
  return (
    <Page title={group.name} maxWidth={720}>
      <JoinCard
        noun="group"
        name={group.name}
        description={group.description}
        ownerName={group.organization.name}
        ownerLogo={group.organization.logo}
        memberCount={group.memberCount}
        joinPolicy={group.joinPolicy}
        membership={group.viewer.membership}
        following={group.viewer.following}
        abilities={group.abilities}
        signInSlot={signedIn ? undefined : signInSlot}
        busy={join.isPending || leave.isPending || follow.isPending || unfollow.isPending}
        onJoin={() => join.mutate(group.id, { onSuccess: (result) => showSuccess(result.message) })}
        onLeave={() => leave.mutate(group.id, { onSuccess: () => showSuccess('Done') })}
        onFollow={() => follow.mutate(group.id, { onSuccess: () => showSuccess(`You follow ${group.name}`) })}
        onUnfollow={() =>
          unfollow.mutate(group.id, { onSuccess: () => showSuccess(`You no longer follow ${group.name}`) })
        }
      />
    </Page>
  );
}
