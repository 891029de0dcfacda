import type { ApplyBlocker, EligibilityRule, EnrolmentStatus } from '@placely/contract';
import type { OpeningRow } from '../../db/schema';

export interface ApplyContext {
  /** The viewer owns the opening (an organization previewing its own form). */
  isOwner: boolean;
  /** null when signed out. */
  isIndividual: boolean | null;
  hasApplied: boolean;
  /** Completed (not withdrawn) applications so far. */
  completedCount: number;
  failedRules: EligibilityRule[];
  /**
   * For an opening of a placement cycle (opening.cycleId set): the viewer's enrolment status in that cycle, null when
   * not enrolled (or signed out). Its approval by the cell is checked before (an unapproved one is not found).
   */
  cycleEnrolment?: EnrolmentStatus | null;
  now?: Date;
}

/** Whether an opening's deadline has passed: openings close at their deadline without anyone acting. */
export const isPastDeadline = (opening: OpeningRow, now = new Date()) => opening.deadline.getTime() <= now.getTime();

/**
 * The first reason the viewer may not apply now, or null. The order is what the person most needs to hear:
 * an opening that is not live says so before anything about the person.
 */
export function applyBlocker(opening: OpeningRow, context: ApplyContext): ApplyBlocker | null {
  if (opening.deletedAt) return 'notFound';
  if (opening.status === 'draft') return context.isOwner ? 'draft' : 'notFound';
  if (opening.status === 'closed') return 'closed';
  if (isPastDeadline(opening, context.now)) return 'deadlinePassed';
  if (context.isIndividual === false) return 'notIndividual';
  if (opening.cycleId !== null && !context.isOwner) {
    if (!context.cycleEnrolment) return 'notInCycle';
    if (context.cycleEnrolment === 'debarred') return 'cycleDebarred';
    if (context.cycleEnrolment === 'opted_out') return 'cycleOptedOut';
  }
  if (context.hasApplied) return 'alreadyApplied';
  if (opening.responseCap !== null && context.completedCount >= opening.responseCap) return 'capReached';
  if (context.failedRules.length > 0) return 'notEligible';
  return null;
}

/** Whether anyone eligible could apply now: live, open, before its deadline and under its cap. */
export function isAcceptingApplications(opening: OpeningRow, completedCount: number, now = new Date()): boolean {
  return (
    applyBlocker(opening, {
      isOwner: false,
      isIndividual: null,
      hasApplied: false,
      completedCount,
      failedRules: [],
      // Someone enrolled in the opening's cycle, if it has one.
      cycleEnrolment: 'available',
      now,
    }) === null
  );
}
