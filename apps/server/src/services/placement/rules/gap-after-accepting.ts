import { POLICY_ACCEPTING_NOTES, POLICY_REFUSAL_MESSAGES } from '@placely/contract';
import { accepted, type RuleModule } from './types';

const DAY = 24 * 60 * 60 * 1000;

/** After accepting an offer the student waits `days` before applying again (measured from the acceptance). */
export const gapAfterAccepting: RuleModule<'gapAfterAccepting'> = {
  kind: 'gapAfterAccepting',
  moments: ['apply'],
  check({ days }, facts) {
    const times = accepted(facts).flatMap((offer) => (offer.decidedAt ? [offer.decidedAt.getTime()] : []));
    if (times.length === 0) return null;
    const until = Math.max(...times) + days * DAY;
    if (facts.now.getTime() >= until) return null;
    return POLICY_REFUSAL_MESSAGES.gap(days, `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  },
  waitAfterAccepting: ({ days }) => POLICY_ACCEPTING_NOTES.wait(days),
};
