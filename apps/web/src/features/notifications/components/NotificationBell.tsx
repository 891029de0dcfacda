import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { useUnreadCount } from '../api/getUnreadCount';
import { useUnreadStream } from '../api/streamUnread';

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The top bar's bell: the unread count, live over SSE (polling when the stream is down), also on the app badge. */
export function NotificationBell({ accessToken, to }: { accessToken: string | null; to: string }) {
  const live = useUnreadStream(accessToken);
  const count = useUnreadCount(Boolean(accessToken), !live);
  const unread = count.data?.unread ?? 0;

  useEffect(() => {
    // The Badging API (installed app's icon), where the browser has it.
    const nav = navigator as BadgingNavigator;
    if (unread > 0) nav.setAppBadge?.(unread).catch(() => undefined);
    else nav.clearAppBadge?.().catch(() => undefined);
  }, [unread]);

  const label = unread === 1 ? 'Notifications: 1 unread' : `Notifications: ${unread} unread`;
  return (
    <IconButton color="inherit" component={RouterLink} to={to} aria-label={label} data-testid="notification-bell">
      <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count">
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
