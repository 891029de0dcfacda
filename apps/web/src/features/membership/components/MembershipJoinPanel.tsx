import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { Circle } from '@placely/contract';
import type { ReactNode } from 'react';
import { JoinCard } from '../../../lib/components/JoinCard';
import { Page } from '../../../lib/components/Page';
import { showSuccess } from '../../../lib/snackbar';
import { useCircleDetails } from '../api/getCircleDetails';
import { useMoveMembership } from '../api/joinCircle';
import type { MembershipKind } from '../kinds';
import { FollowButton } from './FollowButton';

export interface MembershipJoinPanelProps<C extends Circle> {
  kind: MembershipKind<C>;
  groupId: string;
  signedIn: boolean;
  signInSlot: ReactNode;
  /** The kind's own notice above the actions (verification: awaiting approval). */
  notice?: (circle: C) => ReactNode;
}

/** A join link's page: the circle for anyone with the link; signed in, join or request, leave, follow. */
export function MembershipJoinPanel<C extends Circle>({
  kind,
  groupId,
  signedIn,
  signInSlot,
  notice,
}: MembershipJoinPanelProps<C>) {
  const details = useCircleDetails(kind, groupId, signedIn);
  const join = useMoveMembership(kind as MembershipKind, 'join');
  const leave = useMoveMembership(kind as MembershipKind, 'leave');
  const { noun, Noun } = kind.words;

  if (details.isPending && details.fetchStatus !== 'idle') {
    return (
      <Page title={`Join a ${noun}`}>
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={`Loading ${noun}`} />
        </Stack>
      </Page>
    );
  }
  const circle = details.data;
  if (!circle) {
    return (
      <Page title={`${Noun} not found`} maxWidth={640}>
        <Alert severity="info">{kind.words.notFound}</Alert>
      </Page>
    );
  }
  const owner = kind.owner(circle);
  const busy = join.isPending || leave.isPending;
  return (
    <Page title={circle.name} maxWidth={720} {...(kind.words.joinIntro ? { intro: kind.words.joinIntro } : {})}>
      <JoinCard
        noun={noun}
        name={circle.name}
        description={circle.description}
        ownerName={owner.name}
        ownerLogo={owner.logo}
        memberCount={circle.memberCount}
        joinPolicy={circle.joinPolicy}
        membership={circle.viewer.membership}
        abilities={circle.abilities}
        notice={notice?.(circle)}
        signInSlot={signedIn ? undefined : signInSlot}
        busy={busy}
        onJoin={() => join.mutate(circle.id, { onSuccess: (result) => showSuccess(result.message) })}
        onLeave={() => leave.mutate(circle.id, { onSuccess: (result) => showSuccess(result.message) })}
        followButton={<FollowButton kind={kind as MembershipKind} circle={circle} disabled={busy} />}
      />
    </Page>
  );
}
