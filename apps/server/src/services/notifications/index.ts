import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
  notificationLinks,
} from '@placely/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

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

/** The contract's defaults as a SQL row set (kind, in_app, email), for preferences nobody changed. Literals only
 * (no parameters), so the fragment also fits prepared statements. */
function defaultsTable(): SQL {
  const rows = NOTIFICATION_KINDS.map(
    (kind) => `('${kind}', ${NOTIFICATION_DEFAULTS[kind].inApp}, ${NOTIFICATION_DEFAULTS[kind].email})`,
  );
  return sql.raw(`(values ${rows.join(', ')}) as d(kind, in_app, email)`);
}

/**
 * The CTEs behind every notification, following a CTE named `n_events` with (recipient_id, kind, dedupe_key, link,
 * payload): each person's choices (or the defaults) decide the in-app row and the email outbox row; ON CONFLICT on
 * the dedupe key makes it once per cause. Data-modifying CTEs must be top-level, so a cause that is itself one
 * statement (the submit) appends these to its own WITH list.
 *
 * `deferUnreadSignal`: the statement takes over the live unread signal of the in-app rows it writes (migration 0031):
 * the trigger sends no NOTIFY in its transaction, and `n_unread` lists the recipients, for the caller to hand to
 * `UnreadPublisher.publish` once the statement has committed. The setting is local to the transaction: use it only
 * where that transaction writes nothing else after the statement.
 */
export function notificationWriteCtes(options: { deferUnreadSignal?: boolean } = {}): SQL {
  const { deferUnreadSignal = false } = options;
  // The trigger fires at the end of the statement, after every CTE has run; the rows' insert reads the setting's
  // CTE, so it has run by then.
  const deferred = deferUnreadSignal
    ? sql`n_signal as (select set_config('placely.unread_signal', 'deferred', true) as setting), `
    : sql``;
  const signalled = deferUnreadSignal ? sql` and (select setting from n_signal) = 'deferred'` : sql``;
  // The person's choices for a kind, else the defaults: `d` and `p` beside the row `alias` (its recipient_id, kind).
  const choicesOf = (alias: string) => sql`join ${defaultsTable()} on d.kind = ${sql.raw(alias)}.kind
      left join notification_preferences p on p.user_id = ${sql.raw(alias)}.recipient_id and p.kind = ${sql.raw(alias)}.kind`;
  // The email rows look the choice up again from each inserted row (an index probe each) rather than joining the
  // inserted rows back to n_chosen: the planner cannot see how many rows either CTE holds, and on an estimate of one it
  // joins them with a nested loop, which made a bulk move of 10 000 candidates spend 9 s comparing dedupe keys.
  return sql`${deferred}n_chosen as (
      select e.recipient_id, e.kind, e.dedupe_key, e.link, e.payload,
             coalesce(p.in_app, d.in_app) as in_app, coalesce(p.email, d.email) as email
      from n_events e
      ${choicesOf('e')}
    ), n_inserted as (
      insert into notifications (recipient_id, kind, payload, link, dedupe_key, in_app)
      select recipient_id, kind, payload, link, dedupe_key, in_app from n_chosen where (in_app or email)${signalled}
      on conflict (dedupe_key) do nothing
      returning id, recipient_id, kind, in_app
    ), n_delivered as (
      insert into notification_deliveries (notification_id, channel)
      select i.id, 'email' from n_inserted i
      ${choicesOf('i')}
      where coalesce(p.email, d.email)
    )${deferUnreadSignal ? sql`, n_unread as (select distinct recipient_id from n_inserted where in_app and recipient_id is not null)` : sql``}`;
}

/** Writes the events in the caller's transaction, honouring each person's preferences (one statement). */
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
  await notifyFrom(
    tx,
    sql`select * from jsonb_to_recordset(${rows}::jsonb)
        as x(recipient_id bigint, kind text, dedupe_key text, link text, payload jsonb)`,
  );
}

/**
 * Writes the events a query yields — (recipient_id, kind, dedupe_key, link, payload) — in one statement, for causes
 * that touch many people at once (a bulk stage move, an opening's applicants): nothing goes through the server.
 */
export async function notifyFrom(tx: Executor, events: SQL): Promise<void> {
  await tx.execute(sql`with n_events as (${events}), ${notificationWriteCtes()} select 1`);
}

/**
 * A mail to an address with no account yet (a team invitation): no preferences to honour, one in-app row that the
 * person's account takes over when they sign up with that address (claimNotificationsByEmail).
 */
export async function notifyAddress(
  tx: Executor,
  event: Omit<NotificationEvent, 'recipientId'> & { email: string },
  options: { inApp?: boolean } = {},
): Promise<void> {
  await tx.execute(sql`with n_inserted as (
      insert into notifications (recipient_id, recipient_email, kind, payload, link, dedupe_key, in_app)
      values (null, ${event.email.toLowerCase()}, ${event.kind}, ${JSON.stringify(event.payload)}::jsonb,
              ${event.link}, ${event.dedupeKey}, ${options.inApp ?? true})
      on conflict (dedupe_key) do nothing
      returning id
    )
    insert into notification_deliveries (notification_id, channel) select id, 'email' from n_inserted`);
}

/** Rows written to an address before its account existed become the account's (called when the person signs in). */
export async function claimNotificationsByEmail(tx: Executor, user: { id: number; email: string }): Promise<void> {
  await tx.execute(sql`update notifications set recipient_id = ${user.id}
    where recipient_id is null and recipient_email = ${user.email.toLowerCase()}`);
}

/**
 * A submitted application, as CTEs to append to the submit's own statement after its `app` CTE (the inserted
 * application): "application received" for the candidate and "new application" for the organization and the owners
 * and coordinators of its team covering the opening (reviewers review what they are given). Same statement, so the
 * same transaction as the application.
 * The links are notificationLinks.form / .application (contract) written in SQL.
 */
export function applicationSubmittedCtes(options: { deferUnreadSignal?: boolean } = {}): SQL {
  return sql`n_opening as (
      select o.id, o.title, o.organization_id, app.id as application_id, app.applicant_id
      from app join openings o on o.id = app.opening_id
    ), n_team as (
      select m.user_id from n_opening n
      join organization_members m on m.organization_id = n.organization_id
      left join organization_member_openings mo on mo.member_id = m.id and mo.opening_id = n.id
      where m.user_id is not null and m.revoked_at is null and m.role in ('owner', 'coordinator')
        and (m.role = 'owner' or m.all_openings or mo.member_id is not null)
      -- An organization that predates teams still hears about its applications.
      union select organization_id from n_opening
    ), n_events as (
      select n.applicant_id as recipient_id, 'application.received'::text as kind,
             'application.received:' || n.application_id as dedupe_key,
             '/forms/' || n.id as link,
             jsonb_build_object('openingTitle', n.title, 'applicationId', n.application_id::text, 'organizationName', coalesce(
               (select coalesce(op.name, u.name) from users u left join organization_profiles op on op.user_id = u.id
                where u.id = n.organization_id), '')) as payload
      from n_opening n
      union all
      select t.user_id, 'opening.newApplication'::text,
             'opening.newApplication:' || n.application_id || ':' || t.user_id,
             '/organization/openings?opening=' || n.id || '&application=' || n.application_id,
             jsonb_build_object('openingTitle', n.title, 'applicantName',
               coalesce((select u.name from users u where u.id = n.applicant_id), ''))
      from n_opening n join n_team t on t.user_id <> n.applicant_id
    ), ${notificationWriteCtes(options)}`;
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

/** "at Acme" when the organization is named. */
const at = (payload: Record<string, string>) => (payload.organizationName ? ` at ${payload.organizationName}` : '');

/** The words of one notification, for the inbox and the mail. */
export function describeNotification(
  kind: NotificationKind,
  payload: Record<string, string>,
): { title: string; body: string } {
  switch (kind) {
    case 'application.received':
      return {
        title: 'Application received',
        body: `Your application to "${payload.openingTitle}"${at(payload)} was received. You can edit it until the deadline.`,
      };
    case 'application.edited':
      return {
        title: 'Application updated',
        body: `Your changes to your application to "${payload.openingTitle}"${at(payload)} were saved.`,
      };
    case 'application.stageChanged':
      return {
        title: 'Application update',
        body: `Your application to "${payload.openingTitle}"${at(payload)} is now: ${payload.stageLabel}.`,
      };
    case 'opening.closedEarly':
      return {
        title: 'Opening closed early',
        body: `"${payload.openingTitle}"${at(payload)} closed before its deadline. Your application stays with the organization.`,
      };
    case 'opening.deadlineExtended':
      return {
        title: 'Deadline extended',
        body: `"${payload.openingTitle}"${at(payload)} now closes on ${payload.deadline}. You can edit your application until then.`,
      };
    case 'opening.formChanged':
      return {
        title: 'Application form changed',
        body: `The form of "${payload.openingTitle}"${at(payload)} changed after you applied. Check whether your answers need an update.`,
      };
    case 'record.verified':
      return {
        title: 'Record verified',
        body: `${payload.groupName} verified your ${payload.recordLabel}.${payload.note ? ` Note: ${payload.note}` : ''}`,
      };
    case 'record.rejected':
      return {
        title: 'Record not verified',
        body: `${payload.groupName} could not verify your ${payload.recordLabel}.${payload.note ? ` Note: ${payload.note}` : ''}`,
      };
    case 'group.newOpening':
      return {
        title: 'New opening',
        body: `${payload.organizationName || 'An organization'} posted "${payload.openingTitle}" in the group "${payload.groupName}" you follow.`,
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
    case 'membership.requested':
      return {
        title: 'Join request waiting',
        body: `${payload.requesterName || 'Someone'} asked to join the ${payload.noun} "${payload.groupName}".`,
      };
    case 'opening.newApplication':
      return {
        title: 'New application',
        body: `${payload.applicantName || 'Someone'} applied to "${payload.openingTitle}".`,
      };
    case 'videoTask.invited':
      return {
        title: 'Video task',
        body: `${payload.organizationName || 'An organization'} asks you to record a video answer for "${payload.openingTitle}": ${payload.taskTitle}.${payload.deadline ? ` Deadline: ${payload.deadline}.` : ''}`,
      };
    case 'videoTask.reminder':
      return {
        title: 'Video task due in 24 hours',
        body: `Your video answer "${payload.taskTitle}" for "${payload.openingTitle}" is due ${payload.deadline}.`,
      };
    case 'opening.applicationsDigest':
      return {
        title: 'New applications today',
        body: `"${payload.openingTitle}" received ${payload.count} new application${payload.count === '1' ? '' : 's'} on ${payload.day}.`,
      };
    case 'shortlist.reviewerCode':
      return {
        title: `Your code: ${payload.code}`,
        body: `Type ${payload.code} on the shortlist "${payload.shortlistName}" that ${payload.organizationName} shared with you for "${payload.openingTitle}" to confirm this address before giving verdicts. The code works for ${payload.minutes} minutes. If you did not ask for it, ignore this mail.`,
      };
    case 'organization.teamInvitation':
      return {
        title: 'Invitation to an organization team',
        body: `${payload.organizationName} invited you to its team on Placely as ${payload.roleTitle}. Accept or decline it on your Team page (sign in with this email address).`,
      };
    case 'verificationGroup.awaitingApproval':
      return {
        title: 'Verification group awaiting approval',
        body: `The verification group "${payload.groupName}" was created and waits for a platform verification admin to approve it.`,
      };
    case 'application.message':
      return {
        title: payload.subject ?? 'Message',
        body: `${payload.organizationName || 'The organization'} about "${payload.openingTitle}":\n\n${payload.body ?? ''}`,
      };
    case 'application.withdrawn':
      return {
        title: 'Application withdrawn',
        body: `${payload.applicantName || 'A candidate'} withdrew their application to "${payload.openingTitle}".${payload.reason ? ` Reason: ${payload.reason}` : ''}`,
      };
    case 'shortlist.verdict':
      // The hourly digest (issue 39); rows written before it name one verdict.
      if (payload.count) {
        return {
          title: 'New verdicts on a shortlist',
          body: `${payload.count} new verdict${payload.count === '1' ? '' : 's'} on "${payload.shortlistName}" (${payload.openingTitle})${payload.linkLabel ? ` through the link "${payload.linkLabel}"` : ''}.`,
        };
      }
      return {
        title: 'New verdict on a shortlist',
        body: `${payload.visitorName} said "${payload.verdict}" about ${payload.candidateName} on the shortlist "${payload.shortlistName}" (${payload.openingTitle}).`,
      };
    case 'interview.booked':
      return {
        title: `${payload.stageName} booked`,
        body: `${payload.subject} for "${payload.openingTitle}"${at(payload)} is booked for ${payload.when}.${payload.place ? ` ${payload.place}.` : ''} The calendar invitation is attached to the email.`,
      };
    case 'interview.changed':
      return {
        title: `${payload.stageName} moved`,
        body: `${payload.subject} for "${payload.openingTitle}"${at(payload)} now takes place ${payload.when}.${payload.place ? ` ${payload.place}.` : ''} The calendar invitation is updated.`,
      };
    case 'interview.cancelled':
      return {
        title: `${payload.stageName} cancelled`,
        body: `${payload.subject} for "${payload.openingTitle}"${at(payload)} on ${payload.when} is cancelled.`,
      };
    case 'interview.reminder':
      return {
        title: `${payload.stageName} ${payload.which === 'hourBefore' ? 'in an hour' : 'tomorrow'}`,
        body: `Reminder: ${payload.subject} for "${payload.openingTitle}"${at(payload)} is at ${payload.when}.${payload.place ? ` ${payload.place}.` : ''}`,
      };
    case 'offer.received':
      return {
        title: 'You have an offer',
        body: `${payload.organizationName || 'An organization'} offers you "${payload.role}" (${payload.ctc}). Answer by ${payload.respondBy}.`,
      };
    case 'offer.changed':
      return {
        title: `Offer ${payload.statusLabel?.toLowerCase() ?? 'changed'}`,
        body: `Your offer for "${payload.role}" from ${payload.organizationName || 'the organization'}: ${payload.statusLabel}.${payload.reason ? ` Reason: ${payload.reason}` : ''}`,
      };
    case 'offer.answered':
      return {
        title: `Offer ${payload.statusLabel?.toLowerCase() ?? 'answered'}`,
        body: `${payload.candidateName || 'The candidate'} — "${payload.role}" at ${payload.organizationName || 'the organization'}: ${payload.statusLabel}.${payload.reason ? ` Reason: ${payload.reason}` : ''}`,
      };
    case 'offer.policyWarning':
      return {
        title: 'Offer against the placement policy',
        body: `${payload.organizationName || 'A company'} offered "${payload.role}" to ${payload.candidateName || 'a student'} in "${payload.cycleName}": ${payload.warnings}`,
      };
    case 'interview.bookingNeeded':
      return {
        title: `Book your ${payload.stageName} slot`,
        body: `You have not booked a slot for ${payload.stageName} of "${payload.openingTitle}"${at(payload)} yet. Booking closes ${payload.closes}.`,
      };
    case 'placement.notice':
      return {
        title: payload.noticeTitle ?? 'Notice',
        body: `${payload.cycleName ? `${payload.cycleName}: ` : ''}${payload.noticeBody ?? ''}${payload.attachments && payload.attachments !== '0' ? `\n\n${payload.attachments === '1' ? 'A file is' : `${payload.attachments} files are`} attached in Placely.` : ''}${payload.requiresAck ? '\n\nThe placement cell asks you to acknowledge this notice in Placely.' : ''}`,
      };
  }
}
