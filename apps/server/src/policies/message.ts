import type { Actor } from '../auth/authenticate';
import { isLive, type OpeningAccess, reachesOpening } from './opening';
import { hasOrganizationRole, isOrganizationMember, type OrganizationAccess, outsiderReason } from './organization';

/**
 * Messages to candidates and the organization's templates (issue #40). Whoever runs the pipeline (owners and
 * coordinators covering the opening) rejects, writes and cancels; everyone covering the opening reads a candidate's
 * messages. Every member reads the templates; owners and coordinators write them.
 */
const runsPipeline = (record: OpeningAccess) =>
  reachesOpening(record) && hasOrganizationRole(record.access, 'owner', 'coordinator');

const refuse = (access: OrganizationAccess, outsider: string, insider: string) =>
  isOrganizationMember(access) ? insider : outsiderReason(access, outsider);

export const messagePolicy = {
  'message.view': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(
      record.access,
      'You can only see messages to candidates of your own openings.',
      'You are not assigned to this opening.',
    ),
  'message.send': (_actor: Actor, record: OpeningAccess) =>
    (runsPipeline(record) && isLive(record.opening)) ||
    refuse(
      record.access,
      'You can only write to candidates of your own openings.',
      'Only owners and coordinators can write to candidates.',
    ),
  'candidate.reject': (_actor: Actor, record: OpeningAccess) =>
    (runsPipeline(record) && isLive(record.opening)) ||
    refuse(
      record.access,
      'You can only reject candidates of your own openings.',
      'Only owners and coordinators can reject candidates.',
    ),
  'messageTemplate.view': (_actor: Actor, access: OrganizationAccess) =>
    isOrganizationMember(access) ||
    outsiderReason(access, 'Only organization accounts and their teams have message templates.'),
  'messageTemplate.manage': (_actor: Actor, access: OrganizationAccess) =>
    hasOrganizationRole(access, 'owner', 'coordinator') ||
    refuse(
      access,
      'Only organization accounts and their teams have message templates.',
      'Only owners and coordinators can change message templates.',
    ),
} as const;
