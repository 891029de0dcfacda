import type { Actor } from '../auth/authenticate';
import type { OpeningRow } from '../presenters/opening';
import { isOrganization } from './user';

export const ownsOpening = (actor: Actor, opening: OpeningRow) => actor.user.id === opening.organizationId;
export const isLive = (opening: OpeningRow) => opening.deletedAt === null;

export const openingPolicy = {
  'opening.create': (actor: Actor, _record: null) =>
    isOrganization(actor.user) || 'Only organization accounts can create openings.',
  'opening.view': (actor: Actor, opening: OpeningRow) =>
    (ownsOpening(actor, opening) && isLive(opening)) || 'You can only see your own openings.',
  'opening.change': (actor: Actor, opening: OpeningRow) =>
    (ownsOpening(actor, opening) && isLive(opening)) || 'You can only change your own openings.',
  'opening.viewApplications': (actor: Actor, opening: OpeningRow) =>
    ownsOpening(actor, opening) || 'You can only see applications to your own openings.',
} as const;
