import * as z from './zod';

/**
 * Notifications (issue #15). Each kind names the person it concerns and its default per channel. Transactional
 * mails are on by default. An organization's people choose how they hear of new applications: one mail each
 * (`opening.newApplication`, email off by default) or one daily digest per opening (`opening.applicationsDigest`,
 * mail on by default) — both are preference values of the same screen.
 */
export const NOTIFICATION_KINDS = [
  'application.received',
  'application.edited',
  'application.stageChanged',
  'opening.closedEarly',
  'opening.deadlineExtended',
  'opening.formChanged',
  'record.verified',
  'record.rejected',
  'group.newOpening',
  'membership.accepted',
  'membership.declined',
  'membership.requested',
  'opening.newApplication',
  'videoTask.invited',
  'videoTask.reminder',
  'opening.applicationsDigest',
  'organization.teamInvitation',
  'verificationGroup.awaitingApproval',
  'shortlist.verdict',
  'shortlist.reviewerCode',
  'application.message',
  'application.withdrawn',
  'interview.booked',
  'interview.changed',
  'interview.cancelled',
  'interview.reminder',
  'interview.bookingNeeded',
  'placement.notice',
  'offer.received',
  'offer.changed',
  'offer.answered',
  'offer.policyWarning',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_DEFAULTS: Record<NotificationKind, Record<NotificationChannel, boolean>> = {
  'application.received': { inApp: true, email: true },
  'application.edited': { inApp: true, email: true },
  'application.stageChanged': { inApp: true, email: true },
  'opening.closedEarly': { inApp: true, email: true },
  'opening.deadlineExtended': { inApp: true, email: true },
  'opening.formChanged': { inApp: true, email: true },
  'record.verified': { inApp: true, email: true },
  'record.rejected': { inApp: true, email: true },
  'group.newOpening': { inApp: true, email: true },
  'membership.accepted': { inApp: true, email: true },
  'membership.declined': { inApp: true, email: true },
  'membership.requested': { inApp: true, email: true },
  'opening.newApplication': { inApp: true, email: false },
  'videoTask.invited': { inApp: true, email: true },
  'videoTask.reminder': { inApp: true, email: true },
  'opening.applicationsDigest': { inApp: false, email: true },
  'organization.teamInvitation': { inApp: true, email: true },
  'verificationGroup.awaitingApproval': { inApp: true, email: true },
  'shortlist.verdict': { inApp: true, email: true },
  /** To an address a share-link visitor typed (no account): mail only. */
  'shortlist.reviewerCode': { inApp: false, email: true },
  'application.message': { inApp: true, email: true },
  'application.withdrawn': { inApp: true, email: true },
  'interview.booked': { inApp: true, email: true },
  'interview.changed': { inApp: true, email: true },
  'interview.cancelled': { inApp: true, email: true },
  'interview.reminder': { inApp: true, email: true },
  'interview.bookingNeeded': { inApp: true, email: true },
  'placement.notice': { inApp: true, email: true },
  'offer.received': { inApp: true, email: true },
  'offer.changed': { inApp: true, email: true },
  'offer.answered': { inApp: true, email: true },
  'offer.policyWarning': { inApp: true, email: true },
};

/** How each kind is named on the preferences screen and in unsubscribe confirmations. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'application.received': 'Application received (to you, after you apply)',
  'application.edited': 'Your application edited',
  'application.stageChanged': 'Your application moved to another stage',
  'opening.closedEarly': 'An opening you applied to closed early',
  'opening.deadlineExtended': 'An opening you applied to extended its deadline',
  'opening.formChanged': 'An opening you applied to changed its form',
  'record.verified': 'A record of yours verified',
  'record.rejected': 'A record of yours not verified',
  'group.newOpening': 'New opening from a group you follow',
  'membership.accepted': 'Join request accepted',
  'membership.declined': 'Join request declined',
  'videoTask.invited': 'Invitation to a video task',
  'videoTask.reminder': 'Video task deadline reminder (24 hours before)',
  'membership.requested': 'Join requests waiting in a group you manage',
  'opening.newApplication': 'New application to your opening (one each, immediately)',
  'opening.applicationsDigest': 'New applications to your opening (daily digest)',
  'organization.teamInvitation': 'Invitation to an organization team',
  'verificationGroup.awaitingApproval': 'Verification group awaiting approval (platform admins)',
  'shortlist.verdict': 'A verdict on a shared shortlist',
  'shortlist.reviewerCode': 'A code to confirm your address on a shared shortlist',
  'application.message': 'Messages from organizations you applied to',
  'application.withdrawn': 'A candidate withdrew from your opening',
  'interview.booked': 'An interview or round booked (with a calendar invitation)',
  'interview.changed': 'An interview or round moved (calendar update)',
  'interview.cancelled': 'An interview or round cancelled (calendar cancellation)',
  'interview.reminder': 'Interview reminders (a day and an hour before)',
  'interview.bookingNeeded': 'A round waiting for you to book a slot',
  'placement.notice': 'Notices from your placement cell',
  'offer.received': 'An offer made to you',
  'offer.changed': 'An offer to you withdrawn, rescinded or lapsed',
  'offer.answered': 'A candidate answered an offer (your organization or placement cell)',
  'offer.policyWarning': "An offer that breaks your placement cycle's policy",
};

/** How the preferences screen groups the kinds: by whom they concern. Every kind is in exactly one group. */
export const NOTIFICATION_KIND_GROUPS: ReadonlyArray<{ title: string; kinds: readonly NotificationKind[] }> = [
  {
    title: 'Your applications',
    kinds: [
      'application.received',
      'application.edited',
      'application.stageChanged',
      'application.message',
      'opening.closedEarly',
      'opening.deadlineExtended',
      'opening.formChanged',
      'videoTask.invited',
      'videoTask.reminder',
      'interview.bookingNeeded',
      'placement.notice',
      'offer.received',
      'offer.changed',
    ],
  },
  {
    title: 'Interviews and rounds (yours, or on your panel)',
    kinds: ['interview.booked', 'interview.changed', 'interview.cancelled', 'interview.reminder'],
  },
  {
    title: 'Your profile, groups and teams',
    kinds: [
      'record.verified',
      'record.rejected',
      'group.newOpening',
      'membership.accepted',
      'membership.declined',
      'organization.teamInvitation',
      'shortlist.reviewerCode',
    ],
  },
  {
    title: 'Organizations and groups you run',
    kinds: [
      'opening.newApplication',
      'opening.applicationsDigest',
      'application.withdrawn',
      'membership.requested',
      'shortlist.verdict',
      'verificationGroup.awaitingApproval',
      'offer.answered',
      'offer.policyWarning',
    ],
  },
];

/**
 * Kinds that only ever reach a student (someone who applies, keeps records verified or joins groups): an
 * organization account's settings leave them out (issue 40 defect 13), as nothing would ever send them one.
 */
export const STUDENT_ONLY_NOTIFICATION_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'application.received',
  'application.edited',
  'application.stageChanged',
  'application.message',
  'opening.closedEarly',
  'opening.deadlineExtended',
  'opening.formChanged',
  'videoTask.invited',
  'videoTask.reminder',
  'interview.bookingNeeded',
  'record.verified',
  'record.rejected',
  'group.newOpening',
  'membership.accepted',
  'membership.declined',
  'placement.notice',
  'offer.received',
  'offer.changed',
]);

export const NOTIFICATIONS_PAGE_LIMIT = 20;
/** Seconds between the live stream's checks, and the web's polling interval when the stream is unavailable. */
export const NOTIFICATIONS_STREAM_CHECK_SECONDS = 2;

/**
 * Live-count streams held open at once (issue 39: one person opened 150). Per person the newest wins: opening one
 * more closes that person's oldest, which is told so (`event: replaced`) and polls instead. Per server process a
 * stream beyond the cap is refused (429) and the bell polls. The per-process figure is the default of
 * NOTIFICATION_STREAMS_PER_PROCESS.
 */
export const NOTIFICATION_STREAM_LIMITS = { perPerson: 5, perProcess: 2000 } as const;
export const NOTIFICATION_STREAM_MESSAGES = {
  replaced: 'A newer notification stream of yours took this one’s place; the count is polled here instead.',
  processFull: 'Too many live notification streams on this server right now; the count is polled instead.',
} as const;
export const NOTIFICATIONS_POLL_SECONDS = 30;

/** In-app addresses the server writes into notifications (the web's app/paths.ts serves them). */
export const notificationLinks = {
  form: (openingId: string) => `/forms/${encodeURIComponent(openingId)}`,
  group: (groupId: string) => `/joinGroupLink/${encodeURIComponent(groupId)}`,
  verificationGroup: (groupId: string) => `/joinVerificationLink/${encodeURIComponent(groupId)}`,
  videoTask: (taskId: string) => `/UploadVideoForTask?${new URLSearchParams({ task: taskId })}`,
  application: (openingId: string, applicationId: string) =>
    `/organization/openings?${new URLSearchParams({ opening: openingId, application: applicationId })}`,
  opening: (openingId: string) => `/organization/openings?${new URLSearchParams({ opening: openingId })}`,
  profile: '/student/profile',
  organizationProfile: '/organization/profile',
  groupRequests: '/organization/grouprequests',
  verificationRequests: '/organization/verificationrequests',
  myRounds: '/student/interviews',
  /** A placement cycle's notice, on the student's placement page (services/placement/notices.ts writes it in SQL). */
  placementNotice: (cycleId: string, noticeId: string) =>
    `/student/cycles?${new URLSearchParams({ cycle: cycleId, notice: noticeId })}`,
  /** The student's offers (placement season). */
  myOffers: '/student/cycles',
  /** A cycle's offers, for its placement cell. */
  cycleOffers: (cycleId: string) => `/placement?${new URLSearchParams({ cycle: cycleId, tab: 'dashboard' })}`,
  roundDay: (roundId: string) => `/organization/rounds/day?${new URLSearchParams({ round: roundId })}`,
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
    /** Null for a mail to an address with no account yet (a team invitation). */
    listUnsubscribe: z.string().nullable(),
    unsubscribeUrl: z.string().nullable(),
    kind: notificationKindSchema,
    sentAt: z.string(),
    /** Files attached to the mail (a calendar invitation), with their text. */
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
  })
  .meta({ id: 'DevMailMessage' });
export type DevMailMessage = z.infer<typeof devMailMessageSchema>;
