import type { Actor } from '../auth/authenticate';

/** A notification is its recipient's alone; lists are scoped by recipient in SQL, so others meet a 404 first. */
export const isRecipient = (actor: Actor, notification: { recipientId: number | null }) =>
  actor.user.id === notification.recipientId;

export const notificationPolicy = {
  'notification.read': (actor: Actor, notification: { recipientId: number | null }) =>
    isRecipient(actor, notification) || 'This notification is not yours.',
} as const;
