import type { Actor } from '../auth/authenticate';
import type { PortfolioRow } from '../presenters/portfolio';
import { isIndividual } from './individual';

export const ownsPortfolio = (actor: Actor | null, portfolio: PortfolioRow) => actor?.user.id === portfolio.userId;

export const portfolioPolicy = {
  'portfolio.create': (actor: Actor, _record: null) =>
    isIndividual(actor.user) || 'Only individual accounts have portfolios.',
  'portfolio.change': (actor: Actor, portfolio: PortfolioRow) =>
    ownsPortfolio(actor, portfolio) || 'You can only change your own portfolios.',
} as const;

/** Public portfolios are for anyone with the link; private ones for their owner only. */
export function canViewPortfolio(actor: Actor | null, portfolio: PortfolioRow): boolean {
  return portfolio.visibility === 'public' || ownsPortfolio(actor, portfolio);
}
