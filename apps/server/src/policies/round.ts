import type { Actor } from '../auth/authenticate';
import { othersJudgementVisible } from './judgement';
import { isLive, type OpeningAccess, reachesOpening } from './opening';
import { hasOrganizationRole, isOrganizationMember, outsiderReason } from './organization';

/**
 * Rounds of an opening (interviews, tests, group discussions). Records are `{access, opening}` plus, where it
 * matters, whether the caller sits on one of the round's panels. Owners and coordinators shape rounds, slots and
 * panels and move candidates on; panelists (anyone on the team or invited) mark attendance and submit scorecards.
 */
export interface RoundAccess extends OpeningAccess {
  /** The caller is a panelist of the round (on any of its panels). */
  panelist: boolean;
}

const runsRounds = (record: OpeningAccess) =>
  reachesOpening(record) && hasOrganizationRole(record.access, 'owner', 'coordinator');

const refuse = ({ access }: OpeningAccess, outsider: string, insider: string) =>
  isOrganizationMember(access) ? insider : outsiderReason(access, outsider);

/**
 * The blind rule of scorecards is the one rule of policies/judgement.ts (as ratings are blind until you rate): a
 * panelist sees the other panelists' scorecards on a candidate only once they submitted their own. People who run the
 * round without sitting on its panel (owners, coordinators deciding who moves on) give no scorecard there, so see
 * them all.
 */
export const seesOtherScorecards = (viewer: { panelist: boolean; submitted: boolean; runsRound: boolean }) =>
  othersJudgementVisible(viewer.submitted) || (!viewer.panelist && viewer.runsRound);

export const roundPolicy = {
  'round.view': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(record, 'You can only see the rounds of your own openings.', 'You are not assigned to this opening.'),
  'round.manage': (_actor: Actor, record: OpeningAccess) =>
    (runsRounds(record) && isLive(record.opening)) ||
    refuse(
      record,
      'You can only change the rounds of your own openings.',
      'Only owners and coordinators can change rounds and slots.',
    ),
  'round.mark': (_actor: Actor, record: RoundAccess) =>
    ((runsRounds(record) || (reachesOpening(record) && record.panelist)) && isLive(record.opening)) ||
    refuse(
      record,
      'You can only mark attendance in rounds of your own openings.',
      'Only the round’s panelists, owners and coordinators can mark attendance.',
    ),
  'round.score': (_actor: Actor, record: RoundAccess) =>
    (reachesOpening(record) && record.panelist && isLive(record.opening)) ||
    refuse(
      record,
      'You can only score candidates of your own openings.',
      'Only the round’s panelists can submit scorecards.',
    ),
} as const;

export const runsRound = runsRounds;
