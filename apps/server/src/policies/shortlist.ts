import type { Actor } from '../auth/authenticate';
import { isLive, type OpeningAccess, reachesOpening } from './opening';
import { hasOrganizationRole, isOrganizationMember, outsiderReason } from './organization';

/**
 * Shortlists of an opening and their share links. Records are `{access, opening}` (the shortlist's opening):
 * everyone whose role covers the opening reads its shortlists and verdicts (reviewers included, contact details
 * still following `canSeeContacts`); owners and coordinators build, share, revoke and export them.
 */
const runsShortlists = (record: OpeningAccess) =>
  reachesOpening(record) && hasOrganizationRole(record.access, 'owner', 'coordinator');

const refuse = ({ access }: OpeningAccess, outsider: string, insider: string) =>
  isOrganizationMember(access) ? insider : outsiderReason(access, outsider);

export const shortlistPolicy = {
  'shortlist.view': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(record, 'You can only see the shortlists of your own openings.', 'You are not assigned to this opening.'),
  'shortlist.change': (_actor: Actor, record: OpeningAccess) =>
    (runsShortlists(record) && isLive(record.opening)) ||
    refuse(
      record,
      'You can only change the shortlists of your own openings.',
      'Only owners and coordinators can change shortlists.',
    ),
  'shortlist.share': (_actor: Actor, record: OpeningAccess) =>
    (runsShortlists(record) && isLive(record.opening)) ||
    refuse(
      record,
      'You can only share the shortlists of your own openings.',
      'Only owners and coordinators can share shortlists.',
    ),
  'shortlist.export': (_actor: Actor, record: OpeningAccess) =>
    runsShortlists(record) ||
    refuse(
      record,
      'You can only export the shortlists of your own openings.',
      'Only owners and coordinators can export shortlists.',
    ),
} as const;
