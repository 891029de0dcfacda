import { PORTFOLIO_ID_PATTERN } from '@placely/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { individualProfiles, portfolios, users } from '../db/schema';
import type { PageMetaResolver } from '../web';

const VIEWER_PATH = /^\/viewer\/([^/]+)$/;

/** Link previews for shared public portfolios; every other page keeps the app's default title. */
export function createPageMetaResolver(db: Executor): PageMetaResolver {
  return async (pathname) => {
    const portfolioId = VIEWER_PATH.exec(pathname)?.[1];
    if (!portfolioId || !PORTFOLIO_ID_PATTERN.test(portfolioId)) return null;
    const [row] = await db
      .select({
        title: portfolios.title,
        name: users.name,
        profileName: individualProfiles.name,
        headline: individualProfiles.headline,
      })
      .from(portfolios)
      .innerJoin(users, eq(users.id, portfolios.userId))
      .leftJoin(individualProfiles, eq(individualProfiles.userId, portfolios.userId))
      .where(and(eq(portfolios.publicId, portfolioId), eq(portfolios.visibility, 'public')));
    if (!row) return null;
    const name = row.profileName ?? row.name;
    return {
      title: `${name} — ${row.title} · Placely`,
      description: row.headline
        ? `${row.headline}. ${name}'s portfolio on Placely.`
        : `${name}'s portfolio on Placely.`,
    };
  };
}
