import { POLICY_REFUSAL_MESSAGES } from '@placely/contract';
import type { RuleModule } from './types';

/**
 * Debarment after `maxAbsences` absences: the cell's recorded count (cycle_enrolments.absences) plus the rounds the
 * student booked and was marked absent from since enrolling (countAbsences in services/rounds/absences.ts).
 */
export const debarAfterAbsences: RuleModule<'debarAfterAbsences'> = {
  kind: 'debarAfterAbsences',
  moments: ['apply', 'offer'],
  needsAbsences: true,
  check({ maxAbsences }, facts) {
    const absences = facts.enrolment.absences + (facts.roundAbsences ?? 0);
    return absences >= maxAbsences ? POLICY_REFUSAL_MESSAGES.absences(absences, maxAbsences) : null;
  },
};
