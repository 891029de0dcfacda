import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
  notificationLinks,
} from '@placely/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
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

/** The contract's defaults as a SQL row set (kind, in_app, email), for preferences nobody changed. */
function defaultsTable(): SQL {
  const rows = NOTIFICATION_KINDS.map(
    (kind) =>
      sql`(${kind}::text, ${NOTIFICATION_DEFAULTS[kind].inApp}::boolean, ${NOTIFICATION_DEFAULTS[kind].email}::boolean)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as d(kind, in_app, email)`;
}

/**
 * The one write behind every notification: `events` is a query giving (recipient_id, kind, dedupe_key, link, payload);
 * each person's choices (or the defaults) decide the in-app row and the email outbox row. One statement, so a cause's
 * transaction pays one round trip however many people it tells; ON CONFLICT on the dedupe key makes it once per cause.
 */
async function insertNotifications(tx: Executor, events: SQL): Promise<void> {
  await tx.execute(sql`
    with events as (${events}),
    chosen as (
      select e.recipient_id, e.kind, e.dedupe_key, e.link, e.payload,
             coalesce(p.in_app, d.in_app) as in_app, coalesce(p.email, d.email) as email
      from events e
      join ${defaultsTable()} on d.kind = e.kind
      left join ${notificationPreferences} p on p.user_id = e.recipient_id and p.kind = e.kind
    ),
    inserted as (
      insert into ${notifications} (recipient_id, kind, payload, link, dedupe_key, in_app)
      select recipient_id, kind, payload, link, dedupe_key, in_app from chosen where in_app or email
      on conflict (dedupe_key) do nothing
      returning id, dedupe_key
    )
    insert into ${notificationDeliveries} (notification_id, channel)
    select i.id, 'email' from inserted i join chosen c on c.dedupe_key = i.dedupe_key where c.email
  `);
}

/** Writes the events in the caller's transaction, honouring each person's preferences. */
export async function notify(tx: Executor, events: NotificationEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((event) => ({
      recipient_id: event.recipientId,
      kind: event.kind,
      dedupe_key: event.dedupeKey,
      link: event.link,
      payload: event.payload,
    })),
  );
  await insertNotifications(
    tx,
    sql`select * from jsonb_to_recordset(${rows}::jsonb)
        as x(recipient_id bigint, kind text, dedupe_key text, link text, payload jsonb)`,
  );
}

/**
 * A submitted application: "application received" for the candidate and "new application" for the organization and
 * the people of its team whose role covers the opening. One statement in the submit transaction (routes/apply).
 */
export async function notifyApplicationSubmitted(
  tx: Executor,
  input: {
    application: { id: string; applicantId: number };
    opening: { id: string; title: string; organizationId: number };
  },
): Promise<void> {
  const { application, opening } = input;
  const applicantId = sql`${application.applicantId}::bigint`;
  const organizationId = sql`${opening.organizationId}::bigint`;
  const title = sql`${opening.title}::text`;
  const m = organizationMembers;
  const mo = organizationMemberOpenings;
  await insertNotifications(
    tx,
    sql`
      with team as (
        select ${m.userId} as user_id from ${m}
        left join ${mo} on ${mo.memberId} = ${m.id} and ${mo.openingId} = ${opening.id}::uuid
        where ${m.organizationId} = ${organizationId} and ${m.userId} is not null and ${m.revokedAt} is null
          and (${m.allOpenings} or ${mo.memberId} is not null)
        -- An organization that predates teams still hears about its applications.
        union select ${organizationId}
      ),
      names as (
        select (select ${users.name} from ${users} where ${users.id} = ${applicantId}) as applicant,
               (select coalesce(${organizationProfiles.name}, ${users.name}) from ${users}
                  left join ${organizationProfiles} on ${organizationProfiles.userId} = ${users.id}
                  where ${users.id} = ${organizationId}) as organization
      )
      select ${applicantId} as recipient_id, 'application.received'::text as kind,
             ${`application.received:${application.id}`}::text as dedupe_key,
             ${notificationLinks.form(opening.id)}::text as link,
             jsonb_build_object('openingTitle', ${title}, 'organizationName', coalesce(names.organization, '')) as payload
      from names
      union all
      select team.user_id, 'opening.newApplication'::text,
             ${`opening.newApplication:${application.id}:`}::text || team.user_id::text,
             ${notificationLinks.application(opening.id, application.id)}::text,
             jsonb_build_object('openingTitle', ${title}, 'applicantName', coalesce(names.applicant, ''))
      from team, names
      where team.user_id <> ${applicantId}
    `,
  );
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
