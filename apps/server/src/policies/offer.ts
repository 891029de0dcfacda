import type { Actor } from '../auth/authenticate';
import { isIndividual } from './individual';

/**
 * Offers (docs/ARCHITECTURE.md "Policy and offers"). A student answers only their own offers: the routes load them
 * scoped by `individual_id` in SQL (another person's offer is a 404). Companies act on offers through the pipeline's
 * rules (`stage.move` on the offer's opening, policies/stage.ts); the cell reads them under `placementCell.view`.
 */
export const offerPolicy = {
  'offer.answer': (actor: Actor, _record: null) =>
    isIndividual(actor.user) || 'Only students (individual accounts) answer offers.',
} as const;
