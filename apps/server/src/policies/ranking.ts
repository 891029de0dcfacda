import type { Actor } from '../auth/authenticate';
import { isLive, type OpeningAccess, reachesOpening } from './opening';
import { hasOrganizationRole, isOrganizationMember, outsiderReason } from './organization';

/**
 * Ratings, criteria, the ranking recipe and pins of an opening. Records are `{access, opening}` like the pipeline's:
 * everyone whose role covers the opening (owner, coordinators, reviewers of that opening) reads the ranking and
 * rates candidates; owners and coordinators shape the criteria and the recipe and pin candidates.
 */
const runsRanking = (record: OpeningAccess) =>
  reachesOpening(record) && hasOrganizationRole(record.access, 'owner', 'coordinator');

const refuse = ({ access }: OpeningAccess, outsider: string, insider: string) =>
  isOrganizationMember(access) ? insider : outsiderReason(access, outsider);

export const rankingPolicy = {
  'ranking.view': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(record, 'You can only see the ranking of your own openings.', 'You are not assigned to this opening.'),
  'ranking.rate': (_actor: Actor, record: OpeningAccess) =>
    (reachesOpening(record) && isLive(record.opening)) ||
    refuse(record, 'You can only rate candidates of your own openings.', 'You are not assigned to this opening.'),
  'ranking.manage': (_actor: Actor, record: OpeningAccess) =>
    (runsRanking(record) && isLive(record.opening)) ||
    refuse(
      record,
      'You can only change how candidates of your own openings are ranked.',
      'Only owners and coordinators can change criteria, the recipe and pins.',
    ),
} as const;
