import type { FilePurpose } from '@placely/contract';
import type { Actor } from '../auth/authenticate';
import type { FileRow } from '../presenters/file';
import { hasOrganizationRole, isOrganizationMember, type OrganizationAccess, outsiderReason } from './organization';

export const ownsFile = (actor: Actor, file: FileRow) => file.ownerId === actor.user.id;
/**
 * An organization's logo belongs to the organization, not to the person who uploaded it: its owners (acting for it,
 * or the organization account itself) handle it.
 */
export const managesOrganizationLogo = (access: OrganizationAccess | null, file: FileRow) =>
  file.purpose === 'logo' &&
  access !== null &&
  access.organizationId === file.ownerId &&
  hasOrganizationRole(access, 'owner');

/** An offer whose letter the file is, as the route found it in SQL, with the caller's standing towards it. */
export interface OfferLetter {
  /** The student the offer was made to. */
  madeTo: number;
  /** The caller is in the placement cell of the offer's cycle (false outside a cycle). */
  callerInCycleCell: boolean;
  /** The caller acts for the organization that made it, in a role covering the opening. */
  callerCoversOpening: boolean;
}

/**
 * An offer letter is uploaded by one person of the company, but it is the offer's: the student it was made to reads
 * it (it is what they accept), the cycle's placement cell reads it (it checks the offer against the policy), and so
 * do the company's people whose role covers the opening (a colleague of the uploader answering the candidate).
 */
export const readsOfferLetter = (actor: Actor, letters: readonly OfferLetter[]) =>
  letters.some((letter) => letter.madeTo === actor.user.id || letter.callerInCycleCell || letter.callerCoversOpening);

/** A file and whether it was sent to the actor with an application (looked up in SQL by the route). */
export interface FileAccess {
  file: FileRow;
  sentToActor: boolean;
  /** The organization the caller acts for, when the route resolved it (a logo's owners read it). */
  organization?: OrganizationAccess | null;
  /** The offers whose letter this file is (none for most files). */
  offerLetters?: readonly OfferLetter[];
}

/** What is being uploaded and, for a logo, the organization the caller acts for (the logo becomes its file). */
export interface UploadRequest {
  purpose: FilePurpose;
  organization: OrganizationAccess | null;
}

function logoUploadReason(access: OrganizationAccess | null): true | string {
  if (access && hasOrganizationRole(access, 'owner')) return true;
  if (access && isOrganizationMember(access)) return "Only owners can change the organization's logo.";
  return access
    ? outsiderReason(access, 'Only organizations can upload a logo.')
    : 'Only organizations can upload a logo.';
}

/** Each rule answers true, or the reason it refuses. */
export const filePolicy = {
  'file.read': (actor: Actor, { file, sentToActor, organization, offerLetters }: FileAccess) =>
    ownsFile(actor, file) ||
    sentToActor ||
    managesOrganizationLogo(organization ?? null, file) ||
    readsOfferLetter(actor, offerLetters ?? []) ||
    'You cannot open this file.',
  // A logo becomes a public, cacheable, cross-origin URL: only an organization's owners upload one, and it is the
  // organization's (the server decides which from the caller's live membership, never from the client).
  'file.upload': (_actor: Actor, { purpose, organization }: UploadRequest) =>
    purpose !== 'logo' || logoUploadReason(organization),
  'file.continueUpload': (
    actor: Actor,
    { file, organization }: { file: FileRow; organization: OrganizationAccess | null },
  ) => ownsFile(actor, file) || managesOrganizationLogo(organization, file) || 'This upload is not yours.',
} as const;
