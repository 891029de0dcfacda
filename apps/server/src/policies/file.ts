import type { FilePurpose } from '@placely/contract';
import type { Actor } from '../auth/authenticate';
import type { FileRow } from '../presenters/file';
import { isOrganization } from './user';

export const ownsFile = (actor: Actor, file: FileRow) => file.ownerId === actor.user.id;

/** A file and whether it was sent to the actor with an application (looked up in SQL by the route). */
export interface FileAccess {
  file: FileRow;
  sentToActor: boolean;
}

/** Each rule answers true, or the reason it refuses. */
export const filePolicy = {
  'file.read': (actor: Actor, { file, sentToActor }: FileAccess) =>
    ownsFile(actor, file) || sentToActor || 'You cannot open this file.',
  // A logo becomes a public, cacheable, cross-origin URL: only organizations, whose profiles show one, upload them.
  'file.upload': (actor: Actor, { purpose }: { purpose: FilePurpose }) =>
    purpose !== 'logo' || isOrganization(actor.user) || 'Only organizations can upload a logo.',
  'file.continueUpload': (actor: Actor, file: FileRow) => ownsFile(actor, file) || 'This upload is not yours.',
} as const;
