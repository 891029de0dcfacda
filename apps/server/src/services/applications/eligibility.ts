import type { AutoFillData, Eligibility, EligibilityRule } from '@placely/contract';

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
