import type { VIEW_SUBJECTS } from '@placely/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { profileViews } from '../db/schema';

/** An organization looking again within this window is the same view. */
const REPEAT_VIEW_WINDOW = sql`interval '30 minutes'`;

/**
 * Records that someone looked at a person's portfolio or resume: organizations by id (repeat views within 30
 * minutes folded into one), everyone else anonymously. Owners looking at themselves are not recorded by callers.
 */
export async function recordProfileView(
  db: Executor,
  view: {
    ownerId: number;
    viewerId: number | null;
    subject: (typeof VIEW_SUBJECTS)[number];
    portfolioId?: string | null;
  },
): Promise<void> {
  const portfolioId = view.portfolioId ?? null;
  if (view.viewerId !== null) {
    const [repeat] = await db
      .select({ id: profileViews.id })
      .from(profileViews)
      .where(
        and(
          eq(profileViews.ownerId, view.ownerId),
          eq(profileViews.viewerId, view.viewerId),
          eq(profileViews.subject, view.subject),
          portfolioId ? eq(profileViews.portfolioId, portfolioId) : isNull(profileViews.portfolioId),
          gt(profileViews.viewedAt, sql`now() - ${REPEAT_VIEW_WINDOW}`),
        ),
      )
      .limit(1);
    if (repeat) return;
  }
  await db.insert(profileViews).values({
    ownerId: view.ownerId,
    viewerId: view.viewerId,
    subject: view.subject,
    portfolioId,
  });
}
