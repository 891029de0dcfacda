import { randomUUID } from 'node:crypto';
import {
  type ApplicationFilter,
  type CandidateMessage,
  type CandidateMessageKind,
  MESSAGE_LIMITS,
  MESSAGE_TEXTS,
  type MessageTemplate,
} from '@placely/contract';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import {
  applications,
  candidateMessages,
  messageTemplates,
  openingStages,
  organizationAuditEvents,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import type { OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import { notificationWriteCtes } from '../notifications';
import { lockOrganization } from '../organizations';
import { applicationFilterConditions, readyForFilter } from './filters';
import { candidateLabelSql } from './labels';

/**
 * Messages to candidates (issue #40). A request writes one batch: a row per candidate with the merge fields filled
 * in SQL (one INSERT … SELECT, so "every candidate matching the filter" never passes through the server). A batch
 * for now is sent in the same transaction; a later one by the queue's delayed job (`sendMessageBatch`), with the
 * due-message sweep as the backstop for a job lost between commit and scheduling. Sending is one statement: the
 * conditional update scheduled → sent and the notification rows (in-app and the mail outbox) it causes.
 */

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

// ---------------------------------------------------------------------------------------------------------------
// Templates

type TemplateRow = typeof messageTemplates.$inferSelect;

export const presentMessageTemplate = (row: TemplateRow): MessageTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

export async function templatePage(db: Executor, organizationId: number, page: number) {
  const where = eq(messageTemplates.organizationId, organizationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageTemplates)
      .where(where)
      .orderBy(asc(sql`lower(${messageTemplates.name})`), asc(messageTemplates.id))
      .limit(MESSAGE_LIMITS.templatesPageSize)
      .offset((page - 1) * MESSAGE_LIMITS.templatesPageSize),
    db.select({ n: count() }).from(messageTemplates).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function loadTemplate(db: Executor, organizationId: number, id: string, field = 'id') {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.organizationId, organizationId)));
  if (!row) {
    if (field === 'id') throw errors.notFound('The template');
    throw errors.validation([{ field, message: 'Not a template of this organization' }]);
  }
  return row;
}

interface TemplateInput {
  name: string;
  subject: string;
  body: string;
}

/** Creates a template; the organization row lock keeps the per-organization cap exact under concurrent creates. */
export async function createTemplate(tx: Executor, actor: Actor, organizationId: number, input: TemplateInput) {
  await lockOrganization(tx, organizationId);
  const [held] = await tx
    .select({ n: count() })
    .from(messageTemplates)
    .where(eq(messageTemplates.organizationId, organizationId));
  if (Number(held?.n ?? 0) >= MESSAGE_LIMITS.templatesPerOrganization)
    throw errors.conflict(MESSAGE_TEXTS.templatesFull);
  const [created] = await tx
    .insert(messageTemplates)
    .values({ organizationId, createdBy: actor.user.id, ...input })
    .onConflictDoNothing()
    .returning();
  if (!created) throw errors.validation([{ field: 'name', message: MESSAGE_TEXTS.templateNameTaken }]);
  await auditTemplate(tx, actor, organizationId, 'messageTemplate.created', created.name, null);
  return created;
}

export async function updateTemplate(
  tx: Executor,
  actor: Actor,
  organizationId: number,
  id: string,
  input: TemplateInput,
) {
  const before = await loadTemplate(tx, organizationId, id);
  try {
    const [updated] = await tx
      .update(messageTemplates)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(messageTemplates.id, before.id))
      .returning();
    if (!updated) throw errors.notFound('The template');
    await auditTemplate(tx, actor, organizationId, 'messageTemplate.edited', updated.name, before.name);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error))
      throw errors.validation([{ field: 'name', message: MESSAGE_TEXTS.templateNameTaken }]);
    throw error;
  }
}

export async function deleteTemplate(tx: Executor, actor: Actor, organizationId: number, id: string) {
  const row = await loadTemplate(tx, organizationId, id);
  await tx.delete(messageTemplates).where(eq(messageTemplates.id, row.id));
  await auditTemplate(tx, actor, organizationId, 'messageTemplate.deleted', row.name, null);
}

async function auditTemplate(
  tx: Executor,
  actor: Actor,
  organizationId: number,
  kind: 'messageTemplate.created' | 'messageTemplate.edited' | 'messageTemplate.deleted',
  name: string,
  previousName: string | null,
) {
  await tx.insert(organizationAuditEvents).values({
    organizationId,
    actorUserId: actor.user.id,
    kind,
    details:
      previousName !== null && previousName !== name ? { template: name, from: previousName } : { template: name },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Writing and sending

export interface LetterInput {
  kind: CandidateMessageKind;
  subject: string;
  body: string;
  templateId?: string | undefined;
  applicationIds?: string[] | undefined;
  filter?: ApplicationFilter | undefined;
  /** Absent: now. */
  sendAt?: Date | undefined;
}

/**
 * `{{field}}` replaced by plain `replace` (no pattern characters): the contract wrote every field as `{{name}}`. A
 * rejection names the stage the mail announces; any other message the label the candidate sees now.
 */
const filled = (text: string, kind: CandidateMessageKind) => sql`replace(replace(replace(${text}::text,
    '{{firstName}}', coalesce(nullif(split_part(btrim(${users.name}), ' ', 1), ''), '')),
    '{{openingTitle}}', o.title),
    '{{stageLabel}}', coalesce(${kind === 'rejection' ? sql`st.candidate_label` : candidateLabelSql(sql.raw('"applications"'))}, ''))`;

/**
 * Writes one message per chosen candidate (withdrawn applications excluded), and sends them now unless `sendAt` is
 * given. Returns how many were written and the batch.
 */
export async function writeMessages(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
  input: LetterInput,
): Promise<{ written: number; batchId: string; ids: string[] }> {
  if (input.templateId) await loadTemplate(tx, access.organizationId, input.templateId, 'templateId');
  const ids = input.applicationIds ? [...new Set(input.applicationIds)] : undefined;
  if (ids) {
    const [found] = await tx
      .select({ n: count() })
      .from(applications)
      .where(and(eq(applications.openingId, opening.id), inArray(applications.id, ids)));
    if (Number(found?.n ?? 0) !== ids.length) throw errors.notFound('A chosen application');
  }
  if (input.filter?.stageId) {
    const [stage] = await tx
      .select({ id: openingStages.id })
      .from(openingStages)
      .where(and(eq(openingStages.id, input.filter.stageId), eq(openingStages.openingId, opening.id)));
    if (!stage) throw errors.validation([{ field: 'filter.stageId', message: 'Not a stage of this opening' }]);
  }
  await readyForFilter(tx, opening.id, input.filter);
  const batchId = randomUUID();
  const sendAt = input.sendAt ? sql`${input.sendAt.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  const conditions = and(
    eq(applications.openingId, opening.id),
    ne(applications.status, 'withdrawn'),
    ids ? inArray(applications.id, ids) : undefined,
    ...(input.filter ? applicationFilterConditions(input.filter) : []),
  );
  const result = await tx.execute<{ id: string }>(sql`
    insert into candidate_messages (batch_id, application_id, opening_id, author_id, template_id, kind, subject, body,
      send_at)
    select ${batchId}::uuid, ${applications.id}, ${applications.openingId}, ${actor.user.id}::bigint,
      ${input.templateId ?? null}::uuid, ${input.kind}, ${filled(input.subject, input.kind)}, ${filled(input.body, input.kind)}, ${sendAt}
    from ${applications}
    join ${users} on ${users.id} = ${applications.applicantId}
    join openings o on o.id = ${applications.openingId}
    join opening_stages st on st.id = ${applications.stageId}
    where ${conditions}
    order by ${applications.id}
    returning id`);
  const written = rowsOf<{ id: string }>(result).map((row) => row.id);
  if (written.length > 0) {
    await tx.insert(organizationAuditEvents).values({
      organizationId: access.organizationId,
      actorUserId: actor.user.id,
      kind: 'candidate.messaged',
      openingId: opening.id,
      applicationId: written.length === 1 && ids?.length === 1 ? (ids[0] ?? null) : null,
      details: {
        subject: input.subject,
        candidates: written.length,
        when: input.sendAt ? input.sendAt.toISOString() : 'now',
        kind: input.kind,
      },
    });
  }
  if (!input.sendAt) await sendMessages(tx, sql`m.batch_id = ${batchId}::uuid`);
  return { written: written.length, batchId, ids: written };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Sends the scheduled messages matching `where` (over `candidate_messages m`): scheduled → sent, and the candidate's
 * in-app notification and mail, in one statement. A scheduled rejection whose candidate has left Rejected since is
 * cancelled instead: it would tell them something no longer true.
 */
export async function sendMessages(tx: Executor, where: SQL): Promise<number> {
  await tx.execute(sql`update candidate_messages m set status = 'cancelled', cancelled_at = clock_timestamp()
    from applications a join opening_stages st on st.id = a.stage_id
    where ${where} and m.status = 'scheduled' and m.kind = 'rejection' and a.id = m.application_id
      and st.kind <> 'rejected'`);
  const result = await tx.execute<{ sent: number }>(sql`with sent as (
      update candidate_messages m set status = 'sent', sent_at = clock_timestamp()
      where ${where} and m.status = 'scheduled'
      returning m.id, m.application_id, m.opening_id, m.subject, m.body
    ), n_events as (
      select a.applicant_id as recipient_id, 'application.message'::text as kind,
        'application.message:' || s.id as dedupe_key, '/forms/' || s.opening_id as link,
        jsonb_build_object('subject', s.subject, 'body', s.body, 'openingTitle', o.title,
          'organizationName', coalesce((select coalesce(op.name, u.name) from users u
            left join organization_profiles op on op.user_id = u.id where u.id = o.organization_id), '')) as payload
      from sent s join applications a on a.id = s.application_id join openings o on o.id = s.opening_id
    ), ${notificationWriteCtes()}
    select count(*)::int as sent from sent`);
  return Number(rowsOf<{ sent: number }>(result)[0]?.sent ?? 0);
}

/** The queue's delayed job for one scheduled batch. */
export async function sendMessageBatch(db: Executor, batchId: string) {
  return sendMessages(db, sql`m.batch_id = ${batchId}::uuid and m.send_at <= clock_timestamp()`);
}

/** Scheduled messages whose job was lost (a crash between commit and scheduling): sent a minute after they were due. */
export async function sendOverdueMessages(db: Executor) {
  return sendMessages(
    db,
    sql`m.id in (select id from candidate_messages where status = 'scheduled'
      and send_at < clock_timestamp() - interval '1 minute' order by send_at limit 500)`,
  );
}

/** Cancels a scheduled message; a sent or already cancelled one is a 409 saying which. */
export async function cancelMessage(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
  messageId: string,
): Promise<CandidateMessage> {
  const [cancelled] = await tx
    .update(candidateMessages)
    .set({ status: 'cancelled', cancelledAt: sql`clock_timestamp()`, cancelledBy: actor.user.id })
    .where(
      and(
        eq(candidateMessages.id, messageId),
        eq(candidateMessages.openingId, opening.id),
        eq(candidateMessages.status, 'scheduled'),
      ),
    )
    .returning({ id: candidateMessages.id });
  if (!cancelled) {
    const [row] = await tx
      .select({ status: candidateMessages.status })
      .from(candidateMessages)
      .where(and(eq(candidateMessages.id, messageId), eq(candidateMessages.openingId, opening.id)));
    if (!row) throw errors.notFound('The message');
    throw errors.conflict(row.status === 'sent' ? MESSAGE_TEXTS.alreadySent : MESSAGE_TEXTS.alreadyCancelled);
  }
  const [message] = await messagesWhere(tx, sql`m.id = ${messageId}::uuid`, 1);
  if (!message) throw errors.notFound('The message');
  await tx.insert(organizationAuditEvents).values({
    organizationId: access.organizationId,
    actorUserId: actor.user.id,
    kind: 'message.cancelled',
    openingId: opening.id,
    applicationId: message.applicationId,
    details: { subject: message.subject, sendAt: message.sendAt },
  });
  return presentMessage(message);
}

interface MessageRow extends CandidateMessage {
  applicationId: string;
}

async function messagesWhere(db: Executor, where: SQL, limit: number): Promise<MessageRow[]> {
  const result = await db.execute(sql`select m.id, m.application_id, m.kind, m.subject, m.body, m.status,
      m.send_at, m.sent_at, m.cancelled_at, m.created_at, u.name as author_name, t.name as template_name
    from candidate_messages m
    left join users u on u.id = m.author_id
    left join message_templates t on t.id = m.template_id
    where ${where}
    order by m.created_at desc, m.id desc
    limit ${limit}`);
  const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: String(row.id),
    applicationId: String(row.application_id),
    kind: row.kind as CandidateMessageKind,
    subject: String(row.subject),
    body: String(row.body),
    status: row.status as CandidateMessage['status'],
    sendAt: iso(row.send_at) ?? '',
    sentAt: iso(row.sent_at),
    cancelledAt: iso(row.cancelled_at),
    authorName: (row.author_name as string | null) ?? null,
    templateName: (row.template_name as string | null) ?? null,
    createdAt: iso(row.created_at) ?? '',
  }));
}

export const presentMessage = (row: MessageRow): CandidateMessage => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  body: row.body,
  status: row.status,
  sendAt: row.sendAt,
  sentAt: row.sentAt,
  cancelledAt: row.cancelledAt,
  authorName: row.authorName,
  templateName: row.templateName,
  createdAt: row.createdAt,
});

/** One page of a candidate's messages, newest first (keyset on created_at, id). */
export async function messagesOf(db: Executor, openingId: string, applicationId: string, before?: string) {
  const [at, id] = before ? before.split('|') : [];
  if (before && (!at || Number.isNaN(Date.parse(at))))
    throw errors.validation([{ field: 'before', message: 'Not a page cursor' }]);
  const cursor = at && id ? sql` and (m.created_at, m.id) < (${at}::timestamptz, ${id}::uuid)` : sql``;
  const rows = await messagesWhere(
    db,
    sql`m.application_id = ${applicationId}::uuid and m.opening_id = ${openingId}::uuid${cursor}`,
    MESSAGE_LIMITS.timelinePageSize + 1,
  );
  const page = rows.slice(0, MESSAGE_LIMITS.timelinePageSize);
  const last = page[page.length - 1];
  return {
    items: page.map(presentMessage),
    nextCursor: rows.length > page.length && last ? `${last.createdAt}|${last.id}` : null,
  };
}

export async function messageById(db: Executor, id: string) {
  const [row] = await messagesWhere(db, sql`m.id = ${id}::uuid`, 1);
  return row ? presentMessage(row) : null;
}
