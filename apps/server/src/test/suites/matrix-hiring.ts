import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { shareLinkReviewers, shareLinks } from '../../db/schema';
import { hashLinkToken } from '../../services/shortlisting/share-links';
import { type Entry, post } from './matrix-kit';
import type { World } from './world';

/**
 * Share-link reviewers who confirm an email address (issue #40): public routes, the link's token is the credential.
 * Each attempt starts from a clean slate for the address (`prepare`), so the hourly code limits and a used code do
 * not decide the outcome for the callers that come later.
 */
const ORGANIZATIONS = ['orgA', 'orgB'] as const;
const base = '/api/organization/shortlisting/sharable';
const SUITE_CODE = '246810';
const suiteEmail = (who: string) => `suite.reviewer.${who.toLowerCase()}@panel.example`;

async function linkIdOf(world: World, who: 'orgA' | 'orgB'): Promise<string> {
  const [row] = await world.server.db
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, hashLinkToken(world.org[who].shortlist.linkToken)));
  if (!row) throw new Error('suite share link not found');
  return row.id;
}

async function clearCodes(world: World, who: 'orgA' | 'orgB') {
  await world.server.db.execute(sql`delete from share_link_reviewers where email = ${suiteEmail(who)}`);
}

export const HIRING_ENTRIES: Record<string, Entry> = {
  [`POST ${base}/email/code`]: {
    access: 'public',
    why: 'a visitor of a shared shortlist link asks for a code to confirm their address; the token is the credential',
    targets: (world) =>
      ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `a code for ${who}'s shared shortlist`,
        request: post(`${base}/email/code`, { link: world.org[who].shortlist.linkToken, email: suiteEmail(who) }),
        alsoAllowed: 'everyone' as const,
        prepare: (w: World) => clearCodes(w, who),
      })),
  },
  [`POST ${base}/email/confirm`]: {
    access: 'public',
    why: 'a visitor of a shared shortlist link confirms their address with the mailed code; the token is the credential',
    targets: (world) =>
      ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `confirming an address on ${who}'s shared shortlist`,
        request: post(`${base}/email/confirm`, {
          link: world.org[who].shortlist.linkToken,
          email: suiteEmail(who),
          code: SUITE_CODE,
        }),
        alsoAllowed: 'everyone' as const,
        // A fresh code for the address, as the code route would have mailed it.
        async prepare(w: World) {
          await clearCodes(w, who);
          const linkId = await linkIdOf(w, who);
          await w.server.db.insert(shareLinkReviewers).values({
            linkId,
            email: suiteEmail(who),
            codeHash: createHash('sha256')
              .update(`${linkId}\n${suiteEmail(who)}\n${SUITE_CODE}`)
              .digest('hex'),
            codeExpiresAt: sql`now() + interval '15 minutes'`,
          });
        },
      })),
  },
};
