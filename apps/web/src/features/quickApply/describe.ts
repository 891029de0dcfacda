import {
  type ApplicationStatus,
  activeEligibilityRules,
  type Compensation,
  describeEligibilityRule,
  type Eligibility,
  type EligibilityRule,
  type OpeningKind,
  type PublicOpening,
} from '@placely/contract';
import {
  formatCalendarDate as formatCalendarDateOf,
  formatDateTime as formatDateTimeOf,
  formatDateTimeWithZone,
} from '../../lib/dates';

export const KIND_LABELS: Record<OpeningKind, string> = {
  fullTime: 'Full-time',
  internship: 'Internship',
  contract: 'Contract',
  campusDrive: 'Campus drive',
};

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  withdrawn: 'Withdrawn',
  shortlisted: 'Shortlisted',
  rejected: 'Not selected',
  selected: 'Selected',
};

/** "A, B or C". */
export function listInWords(items: ReadonlyArray<string | number>, conjunction = 'or'): string {
  const words = items.map(String);
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

const PERIOD_WORDS: Record<Compensation['period'], string> = {
  hour: 'an hour',
  month: 'a month',
  year: 'a year',
  total: 'in total',
};

/** "₹20,000–₹30,000 a month", "Up to $40 an hour", null when there is nothing to say. */
export function formatCompensation(compensation: PublicOpening['compensation'], locale?: string): string | null {
  if (!compensation || (compensation.min === null && compensation.max === null)) return null;
  let money: Intl.NumberFormat;
  try {
    money = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: compensation.currency,
      maximumFractionDigits: 0,
    });
  } catch {
    money = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  }
  const { min, max } = compensation;
  const amount =
    min !== null && max !== null
      ? min === max
        ? money.format(min)
        : `${money.format(min)}–${money.format(max)}`
      : min !== null
        ? `From ${money.format(min)}`
        : `Up to ${money.format(max ?? 0)}`;
  return `${amount} ${PERIOD_WORDS[compensation.period]}`;
}

/** The deadline in the reader's own time, naming the time zone: "12 Mar 2030, 17:30 GMT+5:30". */
export const formatDeadline = (iso: string, locale?: string) => formatDateTimeWithZone(iso, { locale });

export const formatDateTime = (iso: string, locale?: string) => formatDateTimeOf(iso, { locale }) || iso;

/** A calendar date (YYYY-MM-DD) as written, without shifting it into a time zone. */
export const formatCalendarDate = (date: string, locale?: string) => formatCalendarDateOf(date, { locale });

/** "Closes in 3 days", "Closes today", "Closed". */
export function deadlineDistance(iso: string, now: Date = new Date()): string {
  const ms = new Date(iso).getTime() - now.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms <= 0) return 'Closed';
  const hours = ms / 3_600_000;
  if (hours < 24) return hours < 1 ? 'Closes within the hour' : `Closes in ${Math.floor(hours)} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'Closes tomorrow' : `Closes in ${days} days`;
}

export function formatLocations(locations: readonly string[], remote: boolean): string {
  const places = listInWords(locations, 'or');
  if (remote) return places ? `${places} · Remote possible` : 'Remote';
  return places;
}

/** Each eligibility rule the opening sets, in the contract's words (the API's refusals use the same). */
export function describeEligibility(eligibility: Eligibility): Array<{ rule: EligibilityRule; text: string }> {
  return activeEligibilityRules(eligibility).map((rule) => ({
    rule,
    text: describeEligibilityRule(rule, eligibility),
  }));
}

/** What to do about a rule the person does not meet (the education section feeds every rule). */
export function fixForRule(rule: EligibilityRule): string {
  switch (rule) {
    case 'minGrade':
      return 'Add your grade to your current education, or update it.';
    case 'allowedDegrees':
      return 'Add the degree you are studying for to your education.';
    case 'allowedBranches':
      return 'Add your branch (field of study) to your education.';
    case 'graduationYears':
      return 'Add your expected graduation year to your education.';
    case 'maxBacklogs':
      return 'Enter your current backlogs in your education.';
    case 'groupMembership':
      return "Join one of the organization's groups below; it may need to accept you first.";
    case 'verifiedEducation':
      return 'Ask your institution to verify your current education: join its verification group from the link it shares.';
  }
}
