import type { Actor } from '../auth/authenticate';
import { isLive, type OpeningAccess, reachesOpening } from './opening';
import { hasOrganizationRole, isOrganizationMember, outsiderReason } from './organization';

/**
 * The hiring pipeline of an opening (shortlisting). Records are `{access, opening}` like the opening's own rules:
 * everyone whose role covers the opening reads its stages and histories; owners and coordinators move candidates
 * and shape the stages, and only on live openings.
 */
const runsPipeline = (record: OpeningAccess) =>
  reachesOpening(record) && hasOrganizationRole(record.access, 'owner', 'coordinator');

const refuse = ({ access }: OpeningAccess, outsider: string, insider: string) =>
  isOrganizationMember(access) ? insider : outsiderReason(access, outsider);

export const stagePolicy = {
  'stage.view': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(record, 'You can only see the pipeline of your own openings.', 'You are not assigned to this opening.'),
  'stage.move': (_actor: Actor, record: OpeningAccess) =>
    (runsPipeline(record) && isLive(record.opening)) ||
    refuse(
      record,
      'You can only move candidates of your own openings.',
      'Only owners and coordinators can move candidates.',
    ),
  'stage.manage': (_actor: Actor, record: OpeningAccess) =>
    (runsPipeline(record) && isLive(record.opening)) ||
    refuse(
      record,
      'You can only change the stages of your own openings.',
      'Only owners and coordinators can change stages.',
    ),
} as const;
