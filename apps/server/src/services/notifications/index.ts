import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
  notificationLinks,
} from '@placely/contract';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  notificationDeliveries,
  notificationPreferences,
  notifications,
  organizationMemberOpenings,
  organizationMembers,
  organizationProfiles,
  users,
} from '../../db/schema';

/**
 * Notifications are written by the change that causes them, in its transaction (`notify`): the in-app row and, when
 * the person wants mail of that kind, the email outbox row. Delivery happens after commit (queue.ts). Later events
 * (stage changes, digests, reminders, video-task invites) add a kind to the contract and call `notify` the same way.
 */
export interface NotificationEvent {
  recipientId: number;
  kind: NotificationKind;
  /** Names the cause, so a cause produces one notification per person however often it is retried. */
  dedupeKey: string;
  link: string;
  payload: Record<string, string>;
}

export async function preferencesOf(db: Executor, userId: number): Promise<NotificationPreference[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = chosen.get(kind);
    return {
      kind,
      inApp: row?.inApp ?? NOTIFICATION_DEFAULTS[kind].inApp,
      email: row?.email ?? NOTIFICATION_DEFAULTS[kind].email,
    };
  });
}

export async function savePreferences(db: Executor, userId: number, items: NotificationPreference[]): Promise<void> {
  for (const item of items) {
    await db
      .insert(notificationPreferences)
      .values({ userId, kind: item.kind, inApp: item.inApp, email: item.email })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: item.inApp, email: item.email, updatedAt: sql`now()` },
      });
  }
}

/** One-click unsubscribe: email off for one kind, in-app left as it was. */
export async function unsubscribeEmail(db: Executor, userId: number, kind: NotificationKind): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, inApp: NOTIFICATION_DEFAULTS[kind].inApp, email: false })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: false, updatedAt: sql`now()` },
    });
}

/** Writes the events in the caller's transaction, honouring each person's preferences. */
export async function notify(tx: Executor, events: NotificationEvent[]): Promise<void> {
  if (events.length === 0) return;
  const recipientIds = [...new Set(events.map((event) => event.recipientId))];
  const chosen = await tx
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, recipientIds));
  const choice = (userId: number, kind: NotificationKind) =>
    chosen.find((row) => row.userId === userId && row.kind === kind) ?? NOTIFICATION_DEFAULTS[kind];
  for (const event of events) {
    const { inApp, email } = choice(event.recipientId, event.kind);
    if (!inApp && !email) continue;
    const [created] = await tx
      .insert(notifications)
      .values({
        recipientId: event.recipientId,
        kind: event.kind,
        dedupeKey: event.dedupeKey,
        link: event.link,
        payload: event.payload,
        inApp,
      })
      .onConflictDoNothing({ target: notifications.dedupeKey })
      .returning({ id: notifications.id });
    if (created && email)
      await tx.insert(notificationDeliveries).values({ notificationId: created.id, channel: 'email' });
  }
}

/**
 * A submitted application: "application received" for the candidate and "new application" for the people of the
 * organization whose role covers the opening. One call in the submit transaction (routes/apply).
 */
export async function notifyApplicationSubmitted(
  tx: Executor,
  input: {
    application: { id: string; applicantId: number };
    opening: { id: string; title: string; organizationId: number };
  },
): Promise<void> {
  const { application, opening } = input;
  const [applicant] = await tx.select({ name: users.name }).from(users).where(eq(users.id, application.applicantId));
  const [organization] = await tx
    .select({ name: sql<string>`coalesce(${organizationProfiles.name}, ${users.name})` })
    .from(users)
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, users.id))
    .where(eq(users.id, opening.organizationId));
  const team = await tx
    .selectDistinct({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .leftJoin(
      organizationMemberOpenings,
      and(
        eq(organizationMemberOpenings.memberId, organizationMembers.id),
        eq(organizationMemberOpenings.openingId, opening.id),
      ),
    )
    .where(
      and(
        eq(organizationMembers.organizationId, opening.organizationId),
        isNotNull(organizationMembers.userId),
        isNull(organizationMembers.revokedAt),
        or(eq(organizationMembers.allOpenings, true), isNotNull(organizationMemberOpenings.memberId)),
      ),
    );
  const teamIds = new Set(team.map((row) => row.userId as number));
  // An organization that predates teams, or one whose backfill has not run, still hears about its applications.
  teamIds.add(opening.organizationId);
  teamIds.delete(application.applicantId);
  await notify(tx, [
    {
      recipientId: application.applicantId,
      kind: 'application.received',
      dedupeKey: `application.received:${application.id}`,
      link: notificationLinks.form(opening.id),
      payload: { openingTitle: opening.title, organizationName: organization?.name ?? '' },
    },
    ...[...teamIds].map((userId) => ({
      recipientId: userId,
      kind: 'opening.newApplication' as const,
      dedupeKey: `opening.newApplication:${application.id}:${userId}`,
      link: notificationLinks.application(opening.id, application.id),
      payload: { openingTitle: opening.title, applicantName: applicant?.name ?? '' },
    })),
  ]);
}

/** Join requests decided (accepted or declined) in one group or verification group of the given kind. */
export async function notifyMembershipDecided(
  tx: Executor,
  input: {
    circle: 'group' | 'verificationGroup';
    noun: string;
    decision: 'member' | 'declined';
    decided: Array<{ memberRowId: string; groupId: string; groupName: string; userId: number; decidedAt: string }>;
  },
): Promise<void> {
  const kind = input.decision === 'member' ? 'membership.accepted' : 'membership.declined';
  await notify(
    tx,
    input.decided.map((row) => ({
      recipientId: row.userId,
      kind,
      // A person may ask again after a decline: each decision is its own cause.
      dedupeKey: `${kind}:${row.memberRowId}:${row.decidedAt}`,
      link:
        input.circle === 'group'
          ? notificationLinks.group(row.groupId)
          : notificationLinks.verificationGroup(row.groupId),
      payload: { groupName: row.groupName, noun: input.noun },
    })),
  );
}

/** The words of one notification, for the inbox and the mail. */
export function describeNotification(
  kind: NotificationKind,
  payload: Record<string, string>,
): { title: string; body: string } {
  switch (kind) {
    case 'application.received':
      return {
        title: 'Application received',
        body: `Your application to "${payload.openingTitle}"${payload.organizationName ? ` at ${payload.organizationName}` : ''} was received. You can edit it until the deadline.`,
      };
    case 'membership.accepted':
      return {
        title: 'Join request accepted',
        body: `You are now a member of the ${payload.noun} "${payload.groupName}".`,
      };
    case 'membership.declined':
      return {
        title: 'Join request declined',
        body: `Your request to join the ${payload.noun} "${payload.groupName}" was declined.`,
      };
    case 'opening.newApplication':
      return {
        title: 'New application',
        body: `${payload.applicantName || 'Someone'} applied to "${payload.openingTitle}".`,
      };
  }
}
