import type { Answers, FormDefinition } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Actor, actorFromFirstRead, claimsOf, signedInColumns } from '../../auth/authenticate';
import type { Database, Executor } from '../../db/client';
import { preparedStatement, rowOf } from '../../db/prepared';
import { applications, individualProfiles, openings, users } from '../../db/schema';
import type { ApplicationRow } from '../../presenters/application';
import type { OpeningRow } from '../../presenters/opening';
import { applicationSubmittedCtes } from '../notifications';
import {
  type ApplicantFacts,
  applicantFactColumns,
  applicantFactsOf,
  type CycleGate,
  cycleGateSql,
} from './applicant-facts';

/**
 * Everything a submit decides on, read in one statement (one round trip, planned once per connection): the opening
 * and its current form, whether the idempotency key or an application of this person exists, and the applicant's facts.
 */
export interface SubmitFacts extends ApplicantFacts {
  opening: OpeningRow | null;
  form: FormDefinition | null;
  keyUsed: boolean;
  hasApplied: boolean;
  /** The caller and the opening's placement cycle (`cycleGateSql`); null outside a cycle. */
  cycleGate: CycleGate;
}

export function createSubmitQueries(db: Database) {
  const factsQuery = db
    .select({
      ...signedInColumns,
      opening: openings,
      form: sql<FormDefinition | null>`(select v.definition from opening_form_versions v
        where v.opening_id = ${openings.id} and v.version = ${openings.currentFormVersion})`,
      keyUsed: sql<boolean>`exists(select 1 from applications a where a.idempotency_key = ${sql.placeholder('idempotencyKey')})`,
      hasApplied: sql<boolean>`exists(select 1 from applications a
        where a.opening_id = ${openings.id} and a.applicant_id = ${users.id})`,
      cycleGate: cycleGateSql(users.id),
      ...applicantFactColumns,
    })
    .from(users)
    .leftJoin(openings, eq(openings.id, sql.placeholder('openingId')))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('apply_submit_facts');

  /** The facts and the caller, whose session check rides in the same read (`authenticateInFirstRead`). */
  async function loadSubmitFacts(
    request: FastifyRequest,
    openingId: string,
    idempotencyKey: string,
    publicUrl: string,
  ): Promise<{ actor: Actor; facts: SubmitFacts }> {
    const { userId, sessionId } = claimsOf(request);
    const [found] = await factsQuery.execute({ userId, sessionId, openingId, idempotencyKey });
    const { actor, row } = actorFromFirstRead(request, found);
    const facts: SubmitFacts = {
      opening: row.opening,
      form: row.opening ? row.form : null,
      keyUsed: row.keyUsed,
      hasApplied: row.hasApplied,
      cycleGate: row.opening ? (row.cycleGate ?? null) : null,
      ...applicantFactsOf(actor.user, publicUrl, row),
    };
    return { actor, facts };
  }
  return { loadSubmitFacts };
}

/**
 * Every write of a submit in one statement, atomic on its own: the application, revision 1, the `submitted` event,
 * the links to attached files, the dropped draft, what the keyed answers teach the person's auto-fill data, and
 * the notifications it causes with their email outbox rows (services/notifications).
 * A unique violation (same person or same key) fails the whole statement, as it failed the transaction before.
 * The live unread signals of its in-app notifications are the caller's to send once it has committed
 * (`unreadRecipients`, for `ctx.unreadSignals`): in the statement's own transaction each submit would wait its turn for
 * PostgreSQL's cluster-wide notify lock (migration 0031).
 */
export const submitWritesSql = sql`with app as (
    insert into applications (opening_id, applicant_id, form_version, answers, idempotency_key)
    values (${sql.placeholder('openingId')}, ${sql.placeholder('userId')}, ${sql.placeholder('formVersion')},
            ${sql.placeholder('answers')}::jsonb, ${sql.placeholder('idempotencyKey')})
    returning *
  ), revision as (
    insert into application_revisions (application_id, revision, form_version, answers)
    select id, 1, form_version, answers from app
  ), event as (
    insert into application_events (application_id, from_status, to_status, actor_id)
    select id, null, 'submitted', applicant_id from app
  ), attached as (
    insert into application_files (application_id, file_id)
    select app.id, f.id::uuid from app, jsonb_array_elements_text(${sql.placeholder('fileIds')}::jsonb) as f(id)
    on conflict do nothing
  ), draft as (
    delete from application_drafts
    where opening_id = ${sql.placeholder('openingId')}::uuid and user_id = ${sql.placeholder('userId')}::bigint
  ), learned as (
    insert into auto_fill_data (user_id, data)
    select ${sql.placeholder('userId')}::bigint, ${sql.placeholder('learned')}::jsonb
    where ${sql.placeholder('learned')}::jsonb <> '{}'::jsonb
    on conflict (user_id) do update set data = auto_fill_data.data || excluded.data, updated_at = now()
  ), ${applicationSubmittedCtes({ deferUnreadSignal: true })}
  select app.*, (select coalesce(jsonb_agg(recipient_id), '[]'::jsonb) from n_unread) as unread_recipients from app`;
const submitWrites = preparedStatement('apply_submit_writes', submitWritesSql);

export async function insertApplication(
  db: Executor,
  input: {
    openingId: string;
    userId: number;
    formVersion: number;
    answers: Answers;
    idempotencyKey: string;
    fileIds: string[];
    learned: Record<string, unknown>;
  },
): Promise<{ application: ApplicationRow; unreadRecipients: number[] }> {
  const [raw] = await submitWrites(db, {
    openingId: input.openingId,
    userId: input.userId,
    formVersion: input.formVersion,
    answers: JSON.stringify(input.answers),
    idempotencyKey: input.idempotencyKey,
    fileIds: JSON.stringify(input.fileIds),
    learned: JSON.stringify(input.learned),
  });
  if (!raw) throw new Error('insert returned nothing');
  const recipients = raw.unread_recipients;
  return {
    application: rowOf(applications, raw),
    unreadRecipients: (Array.isArray(recipients) ? recipients : []).map(Number),
  };
}
