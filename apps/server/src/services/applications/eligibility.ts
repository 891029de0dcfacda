import { type AutoFillData, type Eligibility, type EligibilityRule, EMPTY_ELIGIBILITY } from '@placely/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** What eligibility is judged on: the person's auto-fill data, their groups, and their verified education. */
export interface EligibilityFacts {
  /** Auto-fill data: self-reported, editable by the person (directly, and by answers to any form). */
  data: AutoFillData;
  /** Live groups the person is an accepted member of. */
  memberGroupIds: string[];
  /**
   * The values of their main education as its verifier saw them (`record_verifications.facts`), null when it carries
   * no badge. An opening that asks for verified education judges grade, degree, branch, year and backlogs on these
   * alone, so nothing the person can type changes that judgement.
   */
  verifiedData: AutoFillData | null;
}

/** An opening's stored eligibility, complete even when it was saved before a rule existed. */
export function eligibilityOf(stored: Partial<Eligibility> | null | undefined): Eligibility {
  return { ...EMPTY_ELIGIBILITY, ...stored };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : null);
const num = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * The eligibility rules a person fails. Grade, degree, branch, graduation year and current backlogs are judged from
 * their auto-fill data — or, when the opening asks for verified education, from the verified values; a rule whose data is missing counts as failed, so the applicant is told what to fill in.
 */
export function failedEligibilityRules(stored: Eligibility, facts: EligibilityFacts): EligibilityRule[] {
  const eligibility = eligibilityOf(stored);
  // Without a verified education the opening is failed on `verifiedEducation` whatever the values say; the values
  // are then judged on what the person entered, only to tell them what else stands in the way.
  const data = (eligibility.verifiedEducationOnly && facts.verifiedData) || facts.data;
  const failed: EligibilityRule[] = [];
  if (eligibility.minGrade !== null) {
    const grade = num(data.grade);
    if (grade === null || grade < eligibility.minGrade) failed.push('minGrade');
  }
  if (eligibility.allowedDegrees.length > 0) {
    const degree = text(data.degree);
    if (!degree || !eligibility.allowedDegrees.some((d) => d.trim().toLowerCase() === degree)) {
      failed.push('allowedDegrees');
    }
  }
  if (eligibility.allowedBranches.length > 0) {
    const branch = text(data.branch);
    if (!branch || !eligibility.allowedBranches.some((b) => b.trim().toLowerCase() === branch)) {
      failed.push('allowedBranches');
    }
  }
  if (eligibility.graduationYears.length > 0) {
    const year = num(data.graduationYear);
    if (year === null || !eligibility.graduationYears.includes(year)) failed.push('graduationYears');
  }
  if (eligibility.maxBacklogs !== null) {
    const backlogs = num(data.currentBacklogs);
    if (backlogs === null || backlogs > eligibility.maxBacklogs) failed.push('maxBacklogs');
  }
  if (eligibility.groupIds.length > 0 && !eligibility.groupIds.some((id) => facts.memberGroupIds.includes(id))) {
    failed.push('groupMembership');
  }
  if (eligibility.verifiedEducationOnly && !facts.verifiedData) failed.push('verifiedEducation');
  return failed;
}

/**
 * The same rules as `failedEligibilityRules`, as one SQL condition over an eligibility jsonb column, so feeds can
 * filter by eligibility while paging in the database. Kept in step by a test that runs both on the same cases.
 */
export function meetsEligibilitySql(eligibility: AnyColumn | SQL, facts: EligibilityFacts): SQL {
  return meetsEligibilityOf(eligibility, {
    data: sql`${JSON.stringify(facts.data)}::jsonb`,
    memberGroupIds: sql`${JSON.stringify(facts.memberGroupIds)}::jsonb`,
    verifiedData: facts.verifiedData ? sql`${JSON.stringify(facts.verifiedData)}::jsonb` : sql`null::jsonb`,
  });
}

/** The facts as SQL values: bound parameters, or a prepared statement's placeholders (the feed's page). */
export interface EligibilityFactsSql {
  /** jsonb: the auto-fill data. */
  data: SQL;
  /** jsonb: a list of group ids. */
  memberGroupIds: SQL;
  /** jsonb or SQL null: the verified education's values (never JSON `null`). */
  verifiedData: SQL;
}

/** `meetsEligibilitySql` on facts given as SQL values. */
export function meetsEligibilityOf(eligibility: AnyColumn | SQL, facts: EligibilityFactsSql): SQL {
  const verifiedOnly = sql`coalesce((${eligibility} ->> 'verifiedEducationOnly')::boolean, false)`;
  const d = sql`(case when ${verifiedOnly} then coalesce(${facts.verifiedData}, ${facts.data}) else ${facts.data} end)`;
  const memberOf = facts.memberGroupIds;
  const numeric = (value: SQL) =>
    sql`(case when ${value} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then trim(${value})::numeric end)`;
  // Openings saved before a rule existed have no key for it: a missing list is empty, a missing flag false.
  const list = (key: string) => sql`coalesce(${eligibility} -> ${key}, '[]'::jsonb)`;
  const ruleText = (key: string) => sql`(${eligibility} ->> ${key})`;
  const dataText = (key: string) => sql`(${d} ->> ${key})`;
  const inList = (listKey: string, dataKey: string) =>
    sql`(jsonb_array_length(${list(listKey)}) = 0 or exists (select 1 from jsonb_array_elements_text(${list(listKey)}) as allowed(value) where lower(trim(allowed.value)) = lower(trim(${dataText(dataKey)}))))`;
  return sql`(
    (${ruleText('minGrade')} is null or coalesce(${numeric(dataText('grade'))} >= ${ruleText('minGrade')}::numeric, false))
    and ${inList('allowedDegrees', 'degree')}
    and ${inList('allowedBranches', 'branch')}
    and (jsonb_array_length(${list('graduationYears')}) = 0 or exists (select 1 from jsonb_array_elements_text(${list('graduationYears')}) as year(value) where year.value::numeric = ${numeric(dataText('graduationYear'))}))
    and (${ruleText('maxBacklogs')} is null or coalesce(${numeric(dataText('currentBacklogs'))} <= ${ruleText('maxBacklogs')}::numeric, false))
    and (jsonb_array_length(${list('groupIds')}) = 0 or ${list('groupIds')} ?| array(select jsonb_array_elements_text(${memberOf})))
    and (not ${verifiedOnly} or ${facts.verifiedData} is not null)
  )`;
}
