import { type ApplicationFilter, parseAnswerConditions } from '@placely/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications } from '../../db/schema';
import { applicantFactsSql } from '../verification';
import { currentRankingBuild } from './ranking-store';

/** Text PostgreSQL reads as a number (answers and auto-fill facts are JSON; grades may be stored as strings). */
const numeric = (value: SQL) =>
  sql`(case when ${value} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then trim(${value})::numeric end)`;

/** `%text%` for ILIKE with the user's own wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A fact of the applicant (grade, degree, graduationYear) as the responses table shows it: the verified education's
 * value when there is one, else the typed auto-fill value (`applicantFactsSql`).
 */
const fact = (key: string) => sql`(${applicantFactsSql(applications.applicantId)} ->> ${key})`;

/** True when the filter needs more than the stage (the list then leaves its prepared fast paths). */
export function filtersBeyondStage(filter: ApplicationFilter): boolean {
  return Object.entries(filter).some(([key, value]) => key !== 'stageId' && value !== undefined);
}

/**
 * The filter as SQL conditions on `applications` (AND-ed by the caller, next to `opening_id = …`). Each condition is
 * a correlated lookup by the application's or applicant's key, so within one opening the planner walks the
 * opening's applications by its index and probes each fact by primary key; tags go through (tag_id, application_id).
 */
/**
 * Makes ready what a filter reads besides the applications: a score range reads the opening's stored ranking, which
 * is rebuilt first when an input changed since it was built. Call it before `applicationFilterConditions`, and before
 * taking row locks (a rebuild takes the opening's ranking lock).
 */
export async function readyForFilter(db: Executor, openingId: string, filter: ApplicationFilter | undefined) {
  if (filter && (filter.minScore !== undefined || filter.maxScore !== undefined)) {
    await currentRankingBuild(db, openingId);
  }
}

export function applicationFilterConditions(filter: ApplicationFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.stageId) conditions.push(eq(applications.stageId, filter.stageId));
  if (filter.q) {
    const pattern = contains(filter.q);
    conditions.push(sql`(
      exists (select 1 from individual_profiles ip where ip.user_id = ${applications.applicantId} and ip.name ilike ${pattern})
      or exists (select 1 from users u where u.id = ${applications.applicantId} and u.name ilike ${pattern})
      or exists (select 1 from jsonb_each(${applications.answers}) as answer(key, value)
        where answer.value::text ilike ${pattern}))`);
  }
  if (filter.tagIds) {
    const ids = filter.tagIds.split(',').map((id) => sql`${id}::uuid`);
    conditions.push(sql`exists (select 1 from application_tags t
      where t.application_id = ${applications.id} and t.tag_id in (${sql.join(ids, sql`, `)}))`);
  }
  if (filter.verified) {
    const verified = sql`exists (select 1 from record_verifications rv where rv.subject_user_id = ${applications.applicantId}
      and rv.voided_at is null and rv.decision = 'verified')`;
    conditions.push(filter.verified === 'yes' ? verified : sql`not ${verified}`);
  }
  if (filter.minGrade !== undefined) conditions.push(sql`${numeric(fact('grade'))} >= ${filter.minGrade}`);
  if (filter.maxGrade !== undefined) conditions.push(sql`${numeric(fact('grade'))} <= ${filter.maxGrade}`);
  if (filter.degree) conditions.push(sql`lower(trim(${fact('degree')})) = lower(${filter.degree})`);
  if (filter.graduationYearFrom !== undefined) {
    conditions.push(sql`${numeric(fact('graduationYear'))} >= ${filter.graduationYearFrom}`);
  }
  if (filter.graduationYearTo !== undefined) {
    conditions.push(sql`${numeric(fact('graduationYear'))} <= ${filter.graduationYearTo}`);
  }
  if (filter.minScore !== undefined || filter.maxScore !== undefined) {
    // The stored ranking (services/shortlisting/ranking-store.ts); `readyForFilter` makes it current first.
    conditions.push(sql`exists (select 1 from opening_rankings r where r.application_id = ${applications.id}
      ${filter.minScore !== undefined ? sql`and r.score >= ${filter.minScore}` : sql``}
      ${filter.maxScore !== undefined ? sql`and r.score <= ${filter.maxScore}` : sql``})`);
  }
  for (const condition of parseAnswerConditions(filter.answers ?? '') ?? []) {
    const answer = sql`(${applications.answers} -> ${condition.fieldId})`;
    if (condition.kind === 'choice') {
      const options = condition.optionIds.map((id) => sql`${id}`);
      const list = sql.join(options, sql`, `);
      // One choice ({optionId}), several ({optionIds}), or a plain value (yes/no, dropdown stored as text).
      conditions.push(sql`(
        (${answer} ->> 'optionId') in (${list})
        or coalesce(${answer} -> 'optionIds', '[]'::jsonb) ?| array[${list}]::text[]
        or (jsonb_typeof(${answer}) in ('string', 'boolean', 'number') and (${answer} #>> '{}') in (${list})))`);
    } else {
      const value = numeric(sql`(${answer} #>> '{}')`);
      if (condition.min !== null) conditions.push(sql`${value} >= ${condition.min}`);
      if (condition.max !== null) conditions.push(sql`${value} <= ${condition.max}`);
    }
  }
  return conditions;
}
