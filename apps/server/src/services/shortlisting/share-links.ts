import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  notificationLinks,
  SHORTLIST_LIMITS,
  SHORTLIST_MESSAGES,
  type ShareField,
  type VerdictBody,
} from '@placely/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  openings,
  organizationProfiles,
  shareLinkReviewers,
  shareLinks,
  shareLinkViews,
  shortlistEntries,
  shortlists,
  shortlistVerdicts,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { notify, notifyAddress } from '../notifications';
import type { ShortlistRow } from './shortlists';

export type ShareLinkRow = typeof shareLinks.$inferSelect;

/** 256 random bits, URL-safe. Only its SHA-256 is stored: a leaked database holds no working link. */
export const newLinkToken = () => randomBytes(32).toString('base64url');
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createShareLink(
  tx: Executor,
  input: {
    shortlist: ShortlistRow;
    createdBy: number;
    fields: ShareField[];
    expiresInDays: number;
    label?: string;
    requireEmail?: boolean;
  },
): Promise<{ row: ShareLinkRow; token: string }> {
  const [existing] = await tx
    .select({ n: count() })
    .from(shareLinks)
    .where(eq(shareLinks.shortlistId, input.shortlist.id));
  if (Number(existing?.n ?? 0) >= SHORTLIST_LIMITS.maxLinksPerShortlist) {
    throw errors.conflict(`A shortlist keeps at most ${SHORTLIST_LIMITS.maxLinksPerShortlist} links.`);
  }
  const token = newLinkToken();
  const [row] = await tx
    .insert(shareLinks)
    .values({
      shortlistId: input.shortlist.id,
      tokenHash: hashLinkToken(token),
      label: input.label || null,
      fields: [...new Set(input.fields)],
      expiresAt: sql`now() + make_interval(days => ${input.expiresInDays})`,
      requireEmail: input.requireEmail ?? false,
      createdBy: input.createdBy,
    })
    .returning();
  if (!row) throw new Error('share link not inserted');
  return { row, token };
}

export async function shareLinksOf(db: Executor, shortlistId: string) {
  return db
    .select({ link: shareLinks, createdByName: users.name })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(eq(shareLinks.shortlistId, shortlistId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
}

export const linkState = (link: ShareLinkRow, now = new Date()) =>
  link.revokedAt ? 'revoked' : link.expiresAt <= now ? 'expired' : 'live';

export interface ResolvedLink {
  link: ShareLinkRow;
  shortlist: ShortlistRow;
  openingTitle: string;
  openingId: string;
  organizationId: number;
  organizationName: string;
}

/**
 * The link a visitor holds: unknown → 404, revoked or expired (or its opening deleted) → 410 with words the page
 * shows; nothing of the shortlist leaves in either case.
 */
export async function resolveLink(db: Executor, token: string): Promise<ResolvedLink> {
  const [row] = await db
    .select({
      link: shareLinks,
      shortlist: shortlists,
      openingTitle: openings.title,
      openingId: openings.id,
      openingDeleted: openings.deletedAt,
      organizationId: openings.organizationId,
      organizationName: sql<string>`coalesce(${organizationProfiles.name}, ${users.name}, '')`,
      now: sql<Date>`now()`.mapWith((value) => new Date(value)),
    })
    .from(shareLinks)
    .innerJoin(shortlists, eq(shortlists.id, shareLinks.shortlistId))
    .innerJoin(openings, eq(openings.id, shortlists.openingId))
    .leftJoin(users, eq(users.id, openings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
    .where(eq(shareLinks.tokenHash, hashLinkToken(token)));
  if (!row) throw errors.notFound('That shortlist link');
  if (row.link.revokedAt || row.openingDeleted) throw errors.gone(SHORTLIST_MESSAGES.linkRevoked410);
  if (row.link.expiresAt <= row.now) throw errors.gone(SHORTLIST_MESSAGES.linkExpired);
  return {
    link: row.link,
    shortlist: row.shortlist,
    openingTitle: row.openingTitle,
    openingId: row.openingId,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
  };
}

/** Every view is kept (when), and the link's count and last view move with it, in one transaction. */
export async function recordLinkView(tx: Executor, linkId: string): Promise<void> {
  await tx.insert(shareLinkViews).values({ linkId });
  await tx
    .update(shareLinks)
    .set({ views: sql`${shareLinks.views} + 1`, lastViewedAt: sql`now()` })
    .where(eq(shareLinks.id, linkId));
}

/**
 * A visitor's verdict on one candidate of the link's shortlist (a later one under the same name replaces it). The
 * link's hour counts it (over SHORTLIST_LIMITS.verdictsPerLinkPerHour: 429, and nothing is saved), and the team is
 * told later in one digest per link (`writeVerdictDigest`), never once per verdict: the answer says when that digest
 * is due, for the caller to schedule after commit.
 */
export async function saveVerdict(tx: Executor, resolved: ResolvedLink, body: VerdictBody) {
  // Who the visitor confirmed they are (a link that asks for it refuses a verdict without).
  const visitorEmail = await reviewerEmailOf(tx, resolved, body.reviewerToken);
  const [entry] = await tx
    .select({ applicationId: shortlistEntries.applicationId })
    .from(shortlistEntries)
    .where(
      and(
        eq(shortlistEntries.shortlistId, resolved.shortlist.id),
        eq(shortlistEntries.applicationId, body.applicationId),
      ),
    );
  // A candidate not on this shortlist is not there as far as the visitor can tell.
  if (!entry) throw errors.notFound('That candidate');
  const { verdictsPerLinkPerHour, verdictDigestEveryMinutes, verdictDigestGatherMinutes } = SHORTLIST_LIMITS;
  // One statement under the link's row lock: concurrent verdicts (any process) count one after another.
  const newWindow = sql`(${shareLinks.verdictWindowStartedAt} is null
    or ${shareLinks.verdictWindowStartedAt} <= now() - interval '1 hour')`;
  const [counted] = await tx
    .update(shareLinks)
    .set({
      verdictWindowStartedAt: sql`case when ${newWindow} then now() else ${shareLinks.verdictWindowStartedAt} end`,
      verdictWindowCount: sql`case when ${newWindow} then 1 else ${shareLinks.verdictWindowCount} + 1 end`,
      verdictsUndigested: sql`${shareLinks.verdictsUndigested} + 1`,
      // Gathered for a while after the first verdict, and never sooner than an hour after the last digest.
      verdictDigestDueAt: sql`coalesce(${shareLinks.verdictDigestDueAt}, greatest(
        now() + make_interval(mins => ${verdictDigestGatherMinutes}),
        ${shareLinks.verdictDigestedAt} + make_interval(mins => ${verdictDigestEveryMinutes})))`,
    })
    .where(eq(shareLinks.id, resolved.link.id))
    .returning({ count: shareLinks.verdictWindowCount, digestDueAt: shareLinks.verdictDigestDueAt });
  if (!counted || counted.count > verdictsPerLinkPerHour) {
    throw errors.rateLimited(SHORTLIST_MESSAGES.verdictsPerLink);
  }
  const comment = body.comment?.trim() || null;
  const visitorName = body.visitorName.trim();
  // The unique key is on lower(visitor_name): written in SQL, as the ORM names only columns as conflict targets.
  const upserted = await tx.execute<{ id: string }>(sql`
    insert into shortlist_verdicts (link_id, application_id, visitor_name, visitor_email, verdict, comment)
    values (${resolved.link.id}, ${entry.applicationId}, ${visitorName}, ${visitorEmail}, ${body.verdict}, ${comment})
    on conflict (link_id, application_id, lower(visitor_name)) do update
      set verdict = excluded.verdict, comment = excluded.comment, visitor_name = excluded.visitor_name,
          visitor_email = excluded.visitor_email, updated_at = now()
    returning id`);
  const savedId = (upserted as unknown as { rows: { id: string }[] }).rows[0]?.id;
  const [saved] = savedId ? await tx.select().from(shortlistVerdicts).where(eq(shortlistVerdicts.id, savedId)) : [];
  if (!saved) throw new Error('verdict not saved');
  return { saved, digest: { linkId: resolved.link.id, dueAt: (counted.digestDueAt ?? new Date()).toISOString() } };
}

/** A link's pending digest: the job names the due time it was scheduled for. */
export interface VerdictDigestJob {
  linkId: string;
  dueAt: string;
}

/**
 * The digest of a link's verdicts since the last one ("5 new verdicts on Panel 3 Dec"), to the organization account
 * and the team members whose role covers the opening, then the link's digest state cleared — in one transaction
 * under the link's row lock, so verdicts saved meanwhile wait for it and count in the next digest. A job whose due
 * time is no longer the link's (already written) does nothing; the dedupe key makes a retried one write nothing new.
 */
export async function writeVerdictDigest(db: Database, job: VerdictDigestJob): Promise<number> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        id: shareLinks.id,
        label: shareLinks.label,
        count: shareLinks.verdictsUndigested,
        dueAt: shareLinks.verdictDigestDueAt,
        shortlistId: shortlists.id,
        shortlistName: shortlists.name,
        openingId: openings.id,
        openingTitle: openings.title,
        organizationId: openings.organizationId,
      })
      .from(shareLinks)
      .innerJoin(shortlists, eq(shortlists.id, shareLinks.shortlistId))
      .innerJoin(openings, eq(openings.id, shortlists.openingId))
      .where(eq(shareLinks.id, job.linkId))
      .for('update', { of: shareLinks });
    if (!link?.dueAt || link.dueAt.toISOString() !== job.dueAt) return 0;
    if (link.count > 0) {
      const team = await tx.execute<{ user_id: string | number }>(sql`
        select m.user_id from organization_members m
        left join organization_member_openings mo on mo.member_id = m.id and mo.opening_id = ${link.openingId}
        where m.organization_id = ${link.organizationId} and m.user_id is not null and m.revoked_at is null
          and (m.role = 'owner' or m.all_openings or mo.member_id is not null)
        union select ${link.organizationId}::bigint`);
      const rows = (team as unknown as { rows: { user_id: string | number }[] }).rows;
      const recipients = [...new Set(rows.map((row) => Number(row.user_id)))];
      await notify(
        tx,
        recipients.map((recipientId) => ({
          recipientId,
          kind: 'shortlist.verdict' as const,
          dedupeKey: `shortlist.verdicts:${link.id}:${job.dueAt}:${recipientId}`,
          link: notificationLinks.shortlist(link.openingId, link.shortlistId),
          payload: {
            count: String(link.count),
            shortlistName: link.shortlistName,
            linkLabel: link.label ?? '',
            openingTitle: link.openingTitle,
          },
        })),
      );
    }
    await tx
      .update(shareLinks)
      .set({ verdictsUndigested: 0, verdictDigestDueAt: null, verdictDigestedAt: sql`now()` })
      .where(eq(shareLinks.id, link.id));
    return link.count;
  });
}

// ---------------------------------------------------------------- reviewers who confirm an email address

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A code's hash names its link and address: a code is good for that pair only. */
const codeHash = (linkId: string, email: string, code: string) => sha256(`${linkId}\n${email}\n${code}`);

/**
 * Mails a six-digit code to the address a visitor typed (through the notification outbox: the relay and its worker
 * send it, the development outbox in development). Counted under the link's row lock, from the codes sent in the last
 * hour: at most SHORTLIST_LIMITS.emailCodesPerAddressPerHour to one address and emailCodesPerLinkPerHour through the
 * link (429 with the reason), so a link cannot be turned into a way to mail anyone without end.
 */
export async function sendReviewerCode(tx: Executor, resolved: ResolvedLink, email: string): Promise<void> {
  const { emailCodesPerAddressPerHour, emailCodesPerLinkPerHour, emailCodeMinutes } = SHORTLIST_LIMITS;
  await tx.select({ id: shareLinks.id }).from(shareLinks).where(eq(shareLinks.id, resolved.link.id)).for('update');
  const counted = await tx.execute<{ address: number | string; link: number | string }>(sql`
    select count(*) filter (where email = ${email}) as address, count(*) as link from share_link_reviewers
    where link_id = ${resolved.link.id} and created_at > now() - interval '1 hour'`);
  const [sent] = (counted as unknown as { rows: { address: number | string; link: number | string }[] }).rows;
  if (Number(sent?.address ?? 0) >= emailCodesPerAddressPerHour) {
    throw errors.rateLimited(SHORTLIST_MESSAGES.codesPerAddress);
  }
  if (Number(sent?.link ?? 0) >= emailCodesPerLinkPerHour) throw errors.rateLimited(SHORTLIST_MESSAGES.codesPerLink);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [row] = await tx
    .insert(shareLinkReviewers)
    .values({
      linkId: resolved.link.id,
      email,
      codeHash: codeHash(resolved.link.id, email, code),
      codeExpiresAt: sql`now() + make_interval(mins => ${emailCodeMinutes})`,
    })
    .returning({ id: shareLinkReviewers.id });
  if (!row) throw new Error('reviewer code not saved');
  // Mail only (nothing in an inbox): the code is for this visit.
  await notifyAddress(
    tx,
    {
      email,
      kind: 'shortlist.reviewerCode',
      dedupeKey: `shortlist.reviewerCode:${row.id}`,
      link: '/shortlisting',
      payload: {
        code,
        minutes: String(emailCodeMinutes),
        shortlistName: resolved.shortlist.name,
        openingTitle: resolved.openingTitle,
        organizationName: resolved.organizationName,
      },
    },
    { inApp: false },
  );
}

/**
 * The code a visitor typed, against the latest code sent to that address through the link: each try is counted in
 * the same statement that reads it (one UPDATE, no transaction a refusal could roll back), at most
 * SHORTLIST_LIMITS.emailCodeAttempts, and the code lapses after emailCodeMinutes. Right → the reviewer token (only
 * its hash is kept), which the visitor's verdicts carry.
 */
export async function confirmReviewerCode(
  db: Executor,
  resolved: ResolvedLink,
  email: string,
  code: string,
): Promise<string> {
  const tried = await db.execute<{ id: string; code_hash: string }>(sql`
    update share_link_reviewers set attempts = attempts + 1
    where id = (select r.id from share_link_reviewers r where r.link_id = ${resolved.link.id} and r.email = ${email}
        order by r.created_at desc, r.id desc limit 1)
      and confirmed_at is null and attempts < ${SHORTLIST_LIMITS.emailCodeAttempts} and code_expires_at > now()
    returning id, code_hash`);
  const [row] = (tried as unknown as { rows: { id: string; code_hash: string }[] }).rows;
  if (!row) throw errors.validation([{ field: 'code', message: SHORTLIST_MESSAGES.codeExpired }]);
  const given = Buffer.from(codeHash(resolved.link.id, email, code));
  if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
    throw errors.validation([{ field: 'code', message: SHORTLIST_MESSAGES.codeWrong }]);
  }
  const token = newLinkToken();
  const confirmed = await db
    .update(shareLinkReviewers)
    .set({ confirmedAt: sql`now()`, tokenHash: sha256(token) })
    .where(and(eq(shareLinkReviewers.id, row.id), sql`${shareLinkReviewers.confirmedAt} is null`))
    .returning({ id: shareLinkReviewers.id });
  if (confirmed.length === 0) throw errors.validation([{ field: 'code', message: SHORTLIST_MESSAGES.codeExpired }]);
  return token;
}

/**
 * The confirmed address behind a reviewer token of this link (null without a token on a link that does not ask for
 * one). A link that asks for it refuses a verdict without a token (403), and a token of another link or a made-up one
 * either way.
 */
async function reviewerEmailOf(tx: Executor, resolved: ResolvedLink, token: string | undefined) {
  if (!token) {
    if (resolved.link.requireEmail) throw errors.forbidden(SHORTLIST_MESSAGES.emailRequired);
    return null;
  }
  const [row] = await tx
    .select({ email: shareLinkReviewers.email })
    .from(shareLinkReviewers)
    .where(
      and(
        eq(shareLinkReviewers.linkId, resolved.link.id),
        eq(shareLinkReviewers.tokenHash, sha256(token)),
        sql`${shareLinkReviewers.confirmedAt} is not null`,
      ),
    );
  if (!row) throw errors.forbidden(SHORTLIST_MESSAGES.reviewerUnknown);
  return row.email;
}
