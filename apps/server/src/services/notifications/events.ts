import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { OpeningRow } from '../../presenters/opening';
import { notify, notifyAddress, notifyFrom } from './index';

/**
 * The causes that reach many people at once, each as one INSERT … SELECT in the cause's transaction (notifyFrom):
 * a bulk move of thousands of candidates writes its notifications without a row passing through the server. Every
 * dedupe key names the cause, so a retried or repeated cause writes nothing new. Links are the contract's
 * notificationLinks written in SQL.
 */

/** The organization's display name, for an `openings o` in scope. */
const organizationNameOf = sql`coalesce((select coalesce(op.name, u.name) from users u
  left join organization_profiles op on op.user_id = u.id where u.id = o.organization_id), '')`;

/**
 * The candidates told of one bulk move (or single move, or undo): the candidate-facing label of the stage they
 * reached. A move into a Rejected stage says nothing while rejections are unreleased (releaseRejections tells them
 * later, under the same key); a move the candidate cannot see — between two stages of the same label, or out of an
 * unreleased rejection back to the label they still see (labels.ts shows them the same) — says nothing either.
 */
export async function notifyStageMoves(tx: Executor, bulkMoveId: string): Promise<void> {
  await notifyFrom(
    tx,
    sql`select a.applicant_id as recipient_id, 'application.stageChanged'::text as kind,
        'application.stageChanged:' || m.id as dedupe_key, '/forms/' || a.opening_id as link,
        jsonb_build_object('openingTitle', o.title, 'organizationName', ${organizationNameOf},
          'stageLabel', st.candidate_label) as payload
      from stage_moves m
      join applications a on a.id = m.application_id
      join openings o on o.id = a.opening_id
      join opening_stages st on st.id = m.to_stage_id
      left join opening_stages fr on fr.id = m.from_stage_id
      where m.bulk_move_id = ${bulkMoveId}::uuid and a.status <> 'withdrawn'
        and (st.kind <> 'rejected' or o.rejections_released)
        and st.candidate_label is distinct from (case
          -- Leaving an unreleased rejection (an undo, a change of mind): the candidate still saw the stage before it.
          when fr.kind = 'rejected' and not o.rejections_released then coalesce(
            (select prev.candidate_label from stage_moves pm join opening_stages prev on prev.id = pm.from_stage_id
              where pm.application_id = a.id and pm.to_stage_id = fr.id and pm.id <> m.id and pm.at <= m.at
                and prev.kind <> 'rejected'
              order by pm.at desc, pm.id desc limit 1),
            (select first.candidate_label from opening_stages first
              where first.opening_id = a.opening_id and first.kind = 'applied'))
          else fr.candidate_label end)`,
  );
}

/**
 * Rejections released: every candidate now in a Rejected stage hears it, keyed by the move that put them there —
 * so a candidate already told (released at the time of the move, or an earlier release) is not told twice.
 */
export async function notifyReleasedRejections(tx: Executor, openingId: string): Promise<void> {
  await notifyFrom(
    tx,
    sql`select a.applicant_id as recipient_id, 'application.stageChanged'::text as kind,
        'application.stageChanged:' || m.id as dedupe_key, '/forms/' || a.opening_id as link,
        jsonb_build_object('openingTitle', o.title, 'organizationName', ${organizationNameOf},
          'stageLabel', st.candidate_label) as payload
      from applications a
      join openings o on o.id = a.opening_id
      join opening_stages st on st.id = a.stage_id and st.kind = 'rejected'
      join lateral (select sm.id from stage_moves sm where sm.application_id = a.id and sm.to_stage_id = a.stage_id
        order by sm.at desc, sm.id desc limit 1) m on true
      where a.opening_id = ${openingId}::uuid and a.status <> 'withdrawn'
        -- A candidate sent a rejection mail of their own was told already (issue #40).
        and not exists (select 1 from candidate_messages cm
          where cm.application_id = a.id and cm.kind = 'rejection' and cm.status = 'sent')`,
  );
}

export type OpeningChange =
  | { kind: 'opening.closedEarly'; at: string }
  | { kind: 'opening.deadlineExtended'; deadline: Date }
  | { kind: 'opening.formChanged'; version: number };

/** An opening changed after people applied: each of its applicants (not withdrawn) hears it once per change. */
export async function notifyOpeningChanged(tx: Executor, openingId: string, change: OpeningChange): Promise<void> {
  let cause: SQL;
  let extra: SQL = sql`'{}'::jsonb`;
  switch (change.kind) {
    case 'opening.closedEarly':
      cause = sql`${change.at}::text`;
      break;
    case 'opening.deadlineExtended': {
      const iso = change.deadline.toISOString();
      cause = sql`${iso}::text`;
      extra = sql`jsonb_build_object('deadline', ${iso.slice(0, 10)}::text)`;
      break;
    }
    case 'opening.formChanged':
      cause = sql`${`v${change.version}`}::text`;
      break;
  }
  await notifyFrom(
    tx,
    sql`select a.applicant_id as recipient_id, ${change.kind}::text as kind,
        ${change.kind}::text || ':' || o.id || ':' || a.applicant_id || ':' || ${cause} as dedupe_key,
        '/forms/' || o.id as link,
        jsonb_build_object('openingTitle', o.title, 'organizationName', ${organizationNameOf}) || ${extra} as payload
      from applications a join openings o on o.id = a.opening_id
      where o.id = ${openingId}::uuid and a.status <> 'withdrawn'`,
  );
}

/**
 * An opening went live: the followers of the organization's groups hear it — of the groups it is limited to, when
 * it is — once per opening (closing and reopening says nothing new). The organization's own team is not told.
 */
export async function notifyNewOpeningToFollowers(tx: Executor, openingId: string): Promise<void> {
  await notifyFrom(
    tx,
    sql`select distinct on (f.user_id) f.user_id as recipient_id, 'group.newOpening'::text as kind,
        'group.newOpening:' || o.id || ':' || f.user_id as dedupe_key, '/forms/' || o.id as link,
        jsonb_build_object('openingTitle', o.title, 'organizationName', ${organizationNameOf},
          'groupName', g.name) as payload
      from openings o
      join groups g on g.owner_id = o.organization_id and g.deleted_at is null
      join group_followers f on f.group_id = g.id
      where o.id = ${openingId}::uuid and o.status = 'open' and o.deleted_at is null
        and f.user_id <> o.organization_id
        and (jsonb_array_length(coalesce(o.eligibility->'groupIds', '[]'::jsonb)) = 0
          or o.eligibility->'groupIds' ? g.id::text)
      order by f.user_id, g.name`,
  );
}

/**
 * A join request waiting: the people who decide it hear it — a group's owner; a verification group's owners and
 * admins, and the root and admins of its institution. Keyed by the request and when it was made (asking again
 * after a decline is a new request).
 */
export async function notifyJoinRequested(
  tx: Executor,
  circle: 'group' | 'verificationGroup',
  groupId: string,
  userId: number,
): Promise<void> {
  const managers =
    circle === 'group'
      ? sql`select owner_id as user_id from groups where id = ${groupId}::uuid and deleted_at is null`
      : sql`select owner_id from verification_groups where id = ${groupId}::uuid and deleted_at is null
          union select user_id from verification_group_roles
            where group_id = ${groupId}::uuid and role in ('owner', 'admin') and user_id is not null
          union select r.user_id from institution_roles r join verification_groups vg on vg.institution_id = r.institution_id
            where vg.id = ${groupId}::uuid and r.role in ('root', 'admin') and r.user_id is not null`;
  const members = circle === 'group' ? sql`group_members` : sql`verification_group_members`;
  const groupTable = circle === 'group' ? sql`groups` : sql`verification_groups`;
  const noun = circle === 'group' ? 'group' : 'verification group';
  const link = circle === 'group' ? '/organization/grouprequests' : '/organization/verificationrequests';
  await notifyFrom(
    tx,
    sql`select mg.user_id as recipient_id, 'membership.requested'::text as kind,
        'membership.requested:' || m.id || ':' || to_char(m.requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
          || ':' || mg.user_id as dedupe_key,
        ${link}::text as link,
        jsonb_build_object('groupName', g.name, 'noun', ${noun}::text,
          'requesterName', coalesce((select u.name from users u where u.id = m.user_id), '')) as payload
      from ${members} m
      join ${groupTable} g on g.id = m.group_id
      cross join (${managers}) mg(user_id)
      where m.group_id = ${groupId}::uuid and m.user_id = ${userId} and m.state = 'requested'
        and mg.user_id <> m.user_id`,
  );
}

/** A new verification group waits for approval: the platform verification admins (by configured address) hear it. */
export async function notifyAwaitingApproval(
  tx: Executor,
  group: { id: string; name: string },
  adminEmails: readonly string[],
): Promise<void> {
  if (adminEmails.length === 0) return;
  const emails = sql.join(
    adminEmails.map((email) => sql`${email.toLowerCase()}`),
    sql`, `,
  );
  await notifyFrom(
    tx,
    sql`select u.id as recipient_id, 'verificationGroup.awaitingApproval'::text as kind,
        'verificationGroup.awaitingApproval:' || ${group.id}::text || ':' || u.id as dedupe_key,
        ${`/joinVerificationLink/${group.id}`}::text as link,
        jsonb_build_object('groupName', ${group.name}::text) as payload
      from users u where lower(u.email) in (${emails})`,
  );
}

/** A record verified or rejected, with the verifier's note, to its owner. Keyed by the decision row. */
export async function notifyRecordDecided(
  tx: Executor,
  input: {
    decisionId: string;
    userId: number;
    decision: 'verified' | 'rejected';
    groupName: string;
    recordLabel: string;
    note: string | null;
  },
): Promise<void> {
  const kind = input.decision === 'verified' ? 'record.verified' : 'record.rejected';
  await notify(tx, [
    {
      recipientId: input.userId,
      kind,
      dedupeKey: `${kind}:${input.decisionId}`,
      link: '/student/profile',
      payload: { groupName: input.groupName, recordLabel: input.recordLabel, note: input.note ?? '' },
    },
  ]);
}

/** The candidate's own edit saved: a receipt, once per revision. */
export async function notifyApplicationEdited(tx: Executor, applicationId: string, revision: number): Promise<void> {
  await notifyFrom(
    tx,
    sql`select a.applicant_id as recipient_id, 'application.edited'::text as kind,
        'application.edited:' || a.id || ':' || ${revision}::int as dedupe_key, '/forms/' || a.opening_id as link,
        jsonb_build_object('openingTitle', o.title, 'organizationName', ${organizationNameOf},
          'applicationId', a.id::text) as payload
      from applications a join openings o on o.id = a.opening_id
      where a.id = ${applicationId}::uuid`,
  );
}

/**
 * What an opening's edit or status change tells: its applicants when it closed before its deadline, when its
 * deadline moved later (while open) or when its form changed (`newFormVersion`); its groups' followers when it went
 * live.
 */
export async function notifyOpeningUpdated(
  tx: Executor,
  before: OpeningRow,
  after: OpeningRow,
  newFormVersion: number | null,
): Promise<void> {
  if (before.status === 'open' && after.status === 'closed' && before.deadline.getTime() > Date.now()) {
    await notifyOpeningChanged(tx, after.id, { kind: 'opening.closedEarly', at: after.updatedAt.toISOString() });
  }
  if (after.status === 'open' && after.deadline.getTime() > before.deadline.getTime()) {
    await notifyOpeningChanged(tx, after.id, { kind: 'opening.deadlineExtended', deadline: after.deadline });
  }
  if (newFormVersion !== null) {
    await notifyOpeningChanged(tx, after.id, { kind: 'opening.formChanged', version: newFormVersion });
  }
  if (after.status === 'open' && before.status !== 'open') await notifyNewOpeningToFollowers(tx, after.id);
}

/**
 * An owner added someone to the organization's team: a mail to the invited address and an in-app row — the
 * person's own when they have an account, else kept under the address until they sign up with it. The address is
 * never part of the payload, so nobody else can read it through a notification. Each invitation (or renewal) is
 * its own cause.
 */
export async function notifyTeamInvitation(
  tx: Executor,
  input: {
    memberRowId: string;
    invitedAt: Date;
    organizationId: number;
    email: string;
    userId: number | null;
    roleTitle: string;
  },
): Promise<void> {
  const result = await tx.execute<{ name: string }>(sql`select coalesce(op.name, u.name) as name
    from users u left join organization_profiles op on op.user_id = u.id where u.id = ${input.organizationId}`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const event = {
    kind: 'organization.teamInvitation' as const,
    dedupeKey: `organization.teamInvitation:${input.memberRowId}:${input.invitedAt.toISOString()}`,
    // The Team page lists the invitation with Accept and Decline (the inbox offers both too).
    link: '/team',
    payload: { organizationName: row?.name ?? '', roleTitle: input.roleTitle, memberId: input.memberRowId },
  };
  if (input.userId !== null) await notify(tx, [{ ...event, recipientId: input.userId }]);
  else await notifyAddress(tx, { ...event, email: input.email });
}
