import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Notification } from '@placely/contract';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { showError } from '../../../lib/snackbar';
import { useNotifications } from '../api/listNotifications';
import { useMarkAllRead } from '../api/markAllRead';
import { useMarkRead } from '../api/markRead';

const when = (iso: string) => formatDateTime(iso);

/** The inbox: newest first, unread in bold; opening one marks it read and goes to its place. */
export function NotificationsList() {
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const items = (list.data?.pages ?? []).flatMap((page) => page.items);
  const unread = list.data?.pages[0]?.unread ?? 0;

  const open = async (item: Notification) => {
    if (!item.read) await markRead.mutateAsync(item.id).catch(() => undefined);
    navigate(item.link);
  };

  if (list.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading notifications" />
      </Stack>
    );
  }
  if (list.isError) return <Alert severity="error">Your notifications could not be loaded. Try again later.</Alert>;
  if (items.length === 0)
    return <Alert severity="info">Nothing yet. We will tell you here when something happens.</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {unread === 0 ? 'All read' : `${unread} unread`}
        </Typography>
        <Button
          onClick={() => markAll.mutate(undefined, { onError: (error) => showError(error) })}
          disabled={unread === 0 || markAll.isPending}
        >
          Mark all as read
        </Button>
      </Stack>
      <List disablePadding aria-label="Notifications">
        {items.map((item) => (
          // Each notification is a list item holding its button (axe \`list\`: a list holds only list items).
          <ListItem key={item.id} disablePadding divider>
            <ListItemButton
              onClick={() => void open(item)}
              data-testid="notification-item"
              aria-label={`${item.read ? '' : 'Unread: '}${item.title}. ${item.body}`}
            >
              <ListItemText
                primary={item.title}
                secondary={
                  <>
                    {item.body}
                    <br />
                    {when(item.createdAt)}
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          Show older
        </Button>
      )}
    </Stack>
  );
}
