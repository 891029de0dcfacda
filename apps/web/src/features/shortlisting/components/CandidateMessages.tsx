import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CandidateMessage } from '@placely/contract';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCancelMessage } from '../api/cancelMessage';
import { useMessages } from '../api/listMessages';

const when = (iso: string) => formatDateTime(iso);

const status = (message: CandidateMessage) => {
  if (message.status === 'sent' && message.sentAt) return `Sent ${when(message.sentAt)}`;
  if (message.status === 'scheduled') return `Scheduled for ${when(message.sendAt)}`;
  return `Cancelled${message.cancelledAt ? ` ${when(message.cancelledAt)}` : ''}`;
};

/** The candidate's messages, newest first: what was sent, what waits (cancellable), what was cancelled. */
export function CandidateMessages({ openingId, applicationId }: { openingId: string; applicationId: string }) {
  const messages = useMessages(openingId, applicationId);
  const cancel = useCancelMessage();
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  const canSend = messages.data?.pages[0]?.abilities.send ?? false;
  return (
    <Box component="section" aria-labelledby="candidate-messages">
      <Typography id="candidate-messages" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}>
        Messages
      </Typography>
      {messages.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No messages yet.
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((message) => (
            <ListItem key={message.id} disableGutters sx={{ display: 'block', py: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                  {message.subject}
                </Typography>
                {message.kind === 'rejection' && <Chip size="small" label="Rejection" />}
              </Stack>
              <Typography variant="caption" color="text.secondary" component="p">
                {status(message)}
                {message.authorName ? ` · by ${message.authorName}` : ''}
                {message.templateName ? ` · template “${message.templateName}”` : ''}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 0.5 }}>
                {message.body}
              </Typography>
              {message.status === 'scheduled' && canSend && (
                <Button
                  size="small"
                  sx={{ mt: 0.5 }}
                  loading={cancel.isPending && cancel.variables?.messageId === message.id}
                  onClick={() =>
                    cancel.mutate(
                      { openingId, messageId: message.id },
                      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
                    )
                  }
                >
                  Cancel scheduled message “{message.subject}”
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {messages.hasNextPage && (
        <Button size="small" onClick={() => messages.fetchNextPage()} loading={messages.isFetchingNextPage}>
          Older messages
        </Button>
      )}
    </Box>
  );
}
