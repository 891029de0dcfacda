import type { Notification } from '@placely/contract';
import type { notifications } from '../db/schema';
import { describeNotification } from '../services/notifications';

type NotificationRow = typeof notifications.$inferSelect;

/** The in-app item: words from the kind's template, the in-app link; never the dedupe key or the payload itself. */
export function presentNotification(row: NotificationRow): Notification {
  const { title, body } = describeNotification(row.kind, row.payload);
  return {
    id: row.id,
    kind: row.kind,
    title,
    body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
