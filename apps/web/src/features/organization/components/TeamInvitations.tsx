import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { ORGANIZATION_ROLE_LABELS, type TeamInvitation } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useActingFor } from '../../../lib/actingFor';
import { Section } from '../../../lib/components/Section';
import { formatDate } from '../../../lib/dates';
import { showSuccess } from '../../../lib/snackbar';
import { useAppStore } from '../../../lib/store';
import { useAcceptTeamInvitation } from '../api/acceptTeamInvitation';
import { useDeclineTeamInvitation } from '../api/declineTeamInvitation';
import { useTeamInvitations } from '../api/getTeamInvitations';

const roleWords = (invitation: TeamInvitation) => ORGANIZATION_ROLE_LABELS[invitation.role].toLowerCase();

/**
 * The invitations waiting for the signed-in person, each accepted or declined here (issue 40). Accepting switches
 * to the organization at once, so the next page is its menu.
 */
export function TeamInvitations() {
  const user = useAppStore((state) => state.user);
  const actFor = useActingFor((state) => state.actFor);
  const queryClient = useQueryClient();
  const invitations = useTeamInvitations(Boolean(user));
  const accept = useAcceptTeamInvitation();
  const decline = useDeclineTeamInvitation();
  const sectionRef = useRef<HTMLDivElement>(null);
  const busy = accept.isPending || decline.isPending;

  const onAccept = async (invitation: TeamInvitation) => {
    const answered = await accept.mutateAsync(invitation.memberId);
    if (user) actFor(user.userId, answered.data.organizationId);
    await queryClient.resetQueries();
    showSuccess(answered.message);
  };
  const onDecline = async (invitation: TeamInvitation) => {
    const answered = await decline.mutateAsync(invitation.memberId);
    showSuccess(answered.message);
    // The answered row is gone: focus stays in the section rather than falling to the page.
    sectionRef.current?.focus();
  };

  const items = invitations.data?.invitations ?? [];
  return (
    <Section
      title="Invitations"
      description="Organizations that asked you to join their team. You join only when you accept."
    >
      <div ref={sectionRef} tabIndex={-1} style={{ outline: 'none' }}>
        {invitations.isPending ? (
          <CircularProgress aria-label="Loading invitations" />
        ) : invitations.isError ? (
          <Alert severity="error">{invitations.error.message}</Alert>
        ) : items.length === 0 ? (
          <Alert severity="info">No invitations are waiting for you.</Alert>
        ) : (
          <List aria-label="Invitations" disablePadding>
            {items.map((invitation) => (
              <ListItem
                key={invitation.memberId}
                divider
                disableGutters
                sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
              >
                <ListItemText
                  sx={{ flex: '1 1 16rem' }}
                  primary={`${invitation.organizationName} invites you as ${roleWords(invitation)}`}
                  secondary={[
                    invitation.invitedBy ? `From ${invitation.invitedBy}` : null,
                    `Open until ${formatDate(invitation.expiresAt)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="contained"
                    disabled={busy}
                    onClick={() => void onAccept(invitation).catch(() => undefined)}
                    aria-label={`Accept the invitation from ${invitation.organizationName}`}
                  >
                    Accept
                  </Button>
                  <Button
                    disabled={busy}
                    onClick={() => void onDecline(invitation).catch(() => undefined)}
                    aria-label={`Decline the invitation from ${invitation.organizationName}`}
                  >
                    Decline
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </div>
    </Section>
  );
}
