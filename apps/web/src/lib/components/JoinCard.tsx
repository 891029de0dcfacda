import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JoinPolicy, MembershipState } from '@placely/contract';
import type { ReactNode } from 'react';

export interface JoinCardProps {
  /** The kind's noun: "group", "verification group". */
  noun: string;
  name: string;
  description: string | null;
  ownerName: string;
  ownerLogo: string | null;
  memberCount: number;
  joinPolicy: JoinPolicy;
  membership: MembershipState | null;
  abilities: { join: boolean; leave: boolean };
  /** Shown above the actions, e.g. "awaiting approval". */
  notice?: ReactNode;
  /** Signed out: what to show instead of the actions (a sign-in prompt). */
  signInSlot?: ReactNode;
  busy: boolean;
  onJoin: () => void;
  onLeave: () => void;
  /** Follow / Unfollow (the membership feature's FollowButton). */
  followButton: ReactNode;
}

const STATE_TEXT: Record<MembershipState, string> = {
  member: 'You are a member.',
  requested: 'Your request to join is waiting for a decision.',
  declined: 'Your request to join was declined.',
};

/** A join page's card: what the circle is, who runs it, and join / leave / follow for the visitor. */
export function JoinCard(props: JoinCardProps) {
  const { noun, membership, abilities, busy } = props;
  const joinLabel =
    membership === 'declined' ? 'Ask again' : props.joinPolicy === 'open' ? `Join ${noun}` : 'Request to join';
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={props.ownerLogo ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
              {props.ownerName.slice(0, 1)}
            </Avatar>
            <Stack>
              <Typography color="text.secondary">Run by {props.ownerName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {props.memberCount === 1 ? '1 member' : `${props.memberCount} members`}
              </Typography>
            </Stack>
          </Stack>
          {props.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{props.description}</Typography>}
          {props.notice}
          {props.signInSlot ?? (
            <>
              {membership && (
                <Alert severity={membership === 'declined' ? 'warning' : membership === 'member' ? 'success' : 'info'}>
                  {STATE_TEXT[membership]}
                </Alert>
              )}
              {!membership && props.joinPolicy === 'closed' && (
                <Alert severity="info">This {noun} is not taking new members. You can still follow it.</Alert>
              )}
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {abilities.join && (
                  <Button variant="contained" onClick={props.onJoin} disabled={busy}>
                    {joinLabel}
                  </Button>
                )}
                {abilities.leave && (
                  <Button onClick={props.onLeave} disabled={busy}>
                    {membership === 'requested'
                      ? 'Withdraw request'
                      : membership === 'member'
                        ? `Leave ${noun}`
                        : 'Remove from my list'}
                  </Button>
                )}
                {props.followButton}
              </Stack>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
