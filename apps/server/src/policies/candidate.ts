import type { Actor } from '../auth/authenticate';
import { isLive, type OpeningAccess, reachesOpening } from './opening';
import { hasOrganizationRole, isOrganizationMember, type OrganizationAccess, outsiderReason } from './organization';

/**
 * A candidate as the organization sees it in the side panel: notes and tags. Records are `{access, opening}` like
 * the pipeline's. Everyone whose role covers the opening reads the candidate and its notes and writes notes of their
 * own; only the author edits or deletes a note; owners and coordinators tag candidates and shape the tag list.
 */
export interface NoteAccess extends OpeningAccess {
  authorId: number | null;
}

const refuse = (access: OrganizationAccess, outsider: string, insider: string) =>
  isOrganizationMember(access) ? insider : outsiderReason(access, outsider);

const writesOwnNote = (actor: Actor, record: NoteAccess) =>
  reachesOpening(record) && isLive(record.opening) && record.authorId === actor.user.id;

export const candidatePolicy = {
  'candidate.view': (_actor: Actor, record: OpeningAccess) =>
    reachesOpening(record) ||
    refuse(record.access, 'You can only see candidates of your own openings.', 'You are not assigned to this opening.'),
  'note.add': (_actor: Actor, record: OpeningAccess) =>
    (reachesOpening(record) && isLive(record.opening)) ||
    refuse(record.access, 'You can only add notes to your own openings.', 'You are not assigned to this opening.'),
  'note.change': (actor: Actor, record: NoteAccess) =>
    writesOwnNote(actor, record) ||
    refuse(record.access, 'You can only change notes of your own openings.', 'You can only change your own notes.'),
  'tag.view': (_actor: Actor, access: OrganizationAccess) =>
    isOrganizationMember(access) || outsiderReason(access, 'Only the people of an organization can see its tags.'),
  'tag.manage': (_actor: Actor, access: OrganizationAccess) =>
    hasOrganizationRole(access, 'owner', 'coordinator') ||
    refuse(access, 'Only organizations can keep tags.', 'Only owners and coordinators can change tags.'),
  'tag.apply': (_actor: Actor, record: OpeningAccess) =>
    (reachesOpening(record) && isLive(record.opening) && hasOrganizationRole(record.access, 'owner', 'coordinator')) ||
    refuse(
      record.access,
      'You can only tag candidates of your own openings.',
      'Only owners and coordinators can tag candidates.',
    ),
} as const;
