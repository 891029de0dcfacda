import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { JoinCard } from '../../../lib/components/JoinCard';
import { Page } from '../../../lib/components/Page';
import { showSuccess } from '../../../lib/snackbar';
import { useFollowVerificationGroup } from '../api/followVerificationGroup';
import { useVerificationDetails } from '../api/getVerificationDetails';
import { useJoinVerificationGroup } from '../api/joinVerificationGroup';
import { useLeaveVerificationGroup } from '../api/leaveVerificationGroup';
import { useUnfollowVerificationGroup } from '../api/unfollowVerificationGroup';

/** /joinVerificationLink/{id}: the verification group for anyone with the link; signed in, join, leave, follow. */
export function VerificationJoinPanel({
  groupId,
  signedIn,
  signInSlot,
}: {
  groupId: string;
  signedIn: boolean;
  signInSlot: ReactNode;
}) {
  const details = useVerificationDetails(groupId, signedIn);
  const join = useJoinVerificationGroup();
  const leave = useLeaveVerificationGroup();
  const follow = useFollowVerificationGroup();
  const unfollow = useUnfollowVerificationGroup();

  if (details.isPending && details.fetchStatus !== 'idle') {
    return (
      <Page title="Join a verification group">
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading verification group" />
        </Stack>
      </Page>
    );
  }
  const group = details.data;
  if (!group) {
    return (
      <Page title="Verification group not found" maxWidth={640}>
        <Alert severity="info">This verification group no longer exists, or the link is not complete.</Alert>
      </Page>
    );
  }
  const owner = group.institution?.name ?? group.owner.name;
  return (
    <Page
      title={group.name}
      maxWidth={720}
      intro="Members of a verification group can have their education, experience and placements verified by it."
    >
      <JoinCard
        noun="verification group"
        name={group.name}
        description={group.description}
        ownerName={owner}
        ownerLogo={group.owner.logo}
        memberCount={group.memberCount}
        joinPolicy={group.joinPolicy}
        membership={group.viewer.membership}
        following={group.viewer.following}
        abilities={group.abilities}
        notice={
          group.approvalState === 'pending' ? (
            <Alert severity="warning">This group is awaiting approval; you can join once it is approved.</Alert>
          ) : undefined
        }
        signInSlot={signedIn ? undefined : signInSlot}
        busy={join.isPending || leave.isPending || follow.isPending || unfollow.isPending}
        onJoin={() => join.mutate(group.id, { onSuccess: (result) => showSuccess(result.message) })}
        onLeave={() => leave.mutate(group.id, { onSuccess: (result) => showSuccess(result.message) })}
        onFollow={() => follow.mutate(group.id, { onSuccess: (result) => showSuccess(result.message) })}
        onUnfollow={() => unfollow.mutate(group.id, { onSuccess: (result) => showSuccess(result.message) })}
      />
    </Page>
  );
}
