import type { Actor } from '../auth/authenticate';
import type { OpeningRow } from '../presenters/opening';
import {
  coversAllOpenings,
  coversOpening,
  hasOrganizationRole,
  isOrganizationMember,
  type OrganizationAccess,
  outsiderReason,
} from './organization';

/** An opening and the caller's standing in the organization they act for. */
export interface OpeningAccess {
  access: OrganizationAccess;
  opening: OpeningRow;
}

export const isLive = (opening: OpeningRow) => opening.deletedAt === null;
/** The opening belongs to the organization the caller acts for, and the caller's role covers it. */
export const reachesOpening = ({ access, opening }: OpeningAccess) =>
  opening.organizationId === access.organizationId && coversOpening(access, opening.id);
const runsOpening = (record: OpeningAccess) =>
  reachesOpening(record) && hasOrganizationRole(record.access, 'owner', 'coordinator');

const refuse = ({ access }: OpeningAccess, outsider: string, insider: string) =>
  isOrganizationMember(access) ? insider : outsiderReason(access, outsider);

export const openingPolicy = {
  'opening.create': (_actor: Actor, access: OrganizationAccess) =>
    (hasOrganizationRole(access, 'owner', 'coordinator') && coversAllOpenings(access)) ||
    (isOrganizationMember(access)
      ? 'Only owners and coordinators of all openings can create openings.'
      : outsiderReason(access, 'Only organization accounts can create openings.')),
  'opening.view': (_actor: Actor, record: OpeningAccess) =>
    (reachesOpening(record) && isLive(record.opening)) ||
    refuse(record, 'You can only see your own openings.', 'You are not assigned to this opening.'),
  'opening.change': (_actor: Actor, record: OpeningAccess) =>
    (runsOpening(record) && isLive(record.opening)) ||
    refuse(record, 'You can only change your own openings.', 'Only owners and coordinators can change this opening.'),
  'opening.viewApplications': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(record, 'You can only see applications to your own openings.', 'You are not assigned to this opening.'),
  'opening.export': (_actor: Actor, record: OpeningAccess) =>
    runsOpening(record) ||
    refuse(
      record,
      'You can only export applications to your own openings.',
      'Only owners and coordinators can export applications.',
    ),
} as const;
