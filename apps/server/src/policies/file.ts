import type { Actor } from '../auth/authenticate';
import type { FileRow } from '../presenters/file';

export const ownsFile = (actor: Actor, file: FileRow) => file.ownerId === actor.user.id;

/** Each rule answers true, or the reason it refuses. Organizations reviewing applications come with openings. */
export const filePolicy = {
  'file.read': (actor: Actor, file: FileRow) => ownsFile(actor, file) || 'You cannot open this file.',
  'file.continueUpload': (actor: Actor, file: FileRow) => ownsFile(actor, file) || 'This upload is not yours.',
} as const;
