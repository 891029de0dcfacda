import type { Portfolio, PortfolioSection, PortfolioSummary, ProfileView } from '@placely/contract';
import type { portfolios } from '../db/schema';

export type PortfolioRow = typeof portfolios.$inferSelect;

export const presentPortfolio = (row: PortfolioRow, viewCount: number): Portfolio => ({
  id: row.id,
  portfolioId: row.publicId,
  title: row.title,
  visibility: row.visibility,
  sections: row.sections as PortfolioSection[],
  viewCount,
  updatedAt: row.updatedAt.toISOString(),
});

/** The short form the sign-in response carries (spec §7: result.portfolios). */
export const presentPortfolioSummary = (row: PortfolioRow): PortfolioSummary => ({
  portfolioId: row.publicId,
  title: row.title,
  visibility: row.visibility,
  updatedAt: row.updatedAt.toISOString(),
});

export const presentProfileView = (row: {
  id: string;
  organizationName: string | null;
  subject: ProfileView['subject'];
  portfolioTitle: string | null;
  viewedAt: Date;
}): ProfileView => ({
  id: row.id,
  organizationName: row.organizationName ?? 'An organization',
  subject: row.subject,
  portfolioTitle: row.portfolioTitle,
  viewedAt: row.viewedAt.toISOString(),
});
