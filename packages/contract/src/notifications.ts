import * as z from './zod';

/**
 * Notifications (issue #15). Each kind names the person it concerns and its default per channel. Transactional
 * mails are on by default; the organization's "new application" is in-app only by default until digests land, so an
 * opening with hundreds of applicants does not fill the inbox with one mail each.
 */
export const NOTIFICATION_KINDS = [
  'application.received',
  'membership.accepted',
  'membership.declined',
  'opening.newApplication',
  'shortlist.verdict',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_DEFAULTS: Record<NotificationKind, Record<NotificationChannel, boolean>> = {
  'application.received': { inApp: true, email: true },
  'membership.accepted': { inApp: true, email: true },
  'membership.declined': { inApp: true, email: true },
  'opening.newApplication': { inApp: true, email: false },
  'shortlist.verdict': { inApp: true, email: true },
};

/** How each kind is named on the preferences screen and in unsubscribe confirmations. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'application.received': 'Application received (to you, after you apply)',
  'membership.accepted': 'Join request accepted',
  'membership.declined': 'Join request declined',
  'opening.newApplication': 'New application to your opening',
  'shortlist.verdict': 'A verdict on a shared shortlist',
};

export const NOTIFICATIONS_PAGE_LIMIT = 20;
/** Seconds between the live stream's checks, and the web's polling interval when the stream is unavailable. */
export const NOTIFICATIONS_STREAM_CHECK_SECONDS = 2;
export const NOTIFICATIONS_POLL_SECONDS = 30;

/** In-app addresses the server writes into notifications (the web's app/paths.ts serves them). */
export const notificationLinks = {
  form: (openingId: string) => `/forms/${encodeURIComponent(openingId)}`,
  group: (groupId: string) => `/joinGroupLink/${encodeURIComponent(groupId)}`,
  verificationGroup: (groupId: string) => `/joinVerificationLink/${encodeURIComponent(groupId)}`,
  application: (openingId: string, applicationId: string) =>
    `/organization/openings?${new URLSearchParams({ opening: openingId, application: applicationId })}`,
  shortlist: (openingId: string, shortlistId: string) =>
    `/organization/openings?${new URLSearchParams({ opening: openingId, shortlist: shortlistId })}`,
};

export const notificationSchema = z
  .object({
    id: z.uuid(),
    kind: notificationKindSchema,
    title: z.string(),
    body: z.string(),
    link: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({ items: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT body: any subset of kinds, each with both channels. */
export const notificationPreferencesInputSchema = z.object({
  items: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
});

export const devMailMessageSchema = z
  .object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    listUnsubscribe: z.string(),
    unsubscribeUrl: z.string(),
    kind: notificationKindSchema,
    sentAt: z.string(),
  })
  .meta({ id: 'DevMailMessage' });
export type DevMailMessage = z.infer<typeof devMailMessageSchema>;
