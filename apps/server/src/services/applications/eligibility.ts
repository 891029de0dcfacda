import type { AutoFillData, Eligibility, EligibilityRule } from '@placely/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : null);
const num = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * The eligibility rules a person fails, judged from their auto-fill data (grade, degree, branch, graduation year,
 * current backlogs). A rule whose data is missing counts as failed, so the applicant is told what to fill in.
 */
export function failedEligibilityRules(eligibility: Eligibility, data: AutoFillData): EligibilityRule[] {
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
  return failed;
}

/**
 * The same rules as `failedEligibilityRules`, as one SQL condition over an eligibility jsonb column and a person's
 * auto-fill data, so feeds can filter by eligibility while paging in the database. Kept in step by a test that runs
 * both on the same cases.
 */
export function meetsEligibilitySql(eligibility: AnyColumn | SQL, data: AutoFillData): SQL {
  const d = sql`${JSON.stringify(data)}::jsonb`;
  const numeric = (text: SQL) =>
    sql`(case when ${text} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then trim(${text})::numeric end)`;
  const rule = (key: string) => sql`(${eligibility} -> ${key})`;
  const ruleText = (key: string) => sql`(${eligibility} ->> ${key})`;
  const dataText = (key: string) => sql`(${d} ->> ${key})`;
  const inList = (listKey: string, dataKey: string) =>
    sql`(jsonb_array_length(${rule(listKey)}) = 0 or exists (select 1 from jsonb_array_elements_text(${rule(listKey)}) as allowed(value) where lower(trim(allowed.value)) = lower(trim(${dataText(dataKey)}))))`;
  return sql`(
    (${ruleText('minGrade')} is null or coalesce(${numeric(dataText('grade'))} >= ${ruleText('minGrade')}::numeric, false))
    and ${inList('allowedDegrees', 'degree')}
    and ${inList('allowedBranches', 'branch')}
    and (jsonb_array_length(${rule('graduationYears')}) = 0 or exists (select 1 from jsonb_array_elements_text(${rule('graduationYears')}) as year(value) where year.value::numeric = ${numeric(dataText('graduationYear'))}))
    and (${ruleText('maxBacklogs')} is null or coalesce(${numeric(dataText('currentBacklogs'))} <= ${ruleText('maxBacklogs')}::numeric, false))
  )`;
}
