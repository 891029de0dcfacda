import {
  type FeedOpening,
  feedOpeningPageSchema,
  isOneClickForm,
  type OpeningKind,
  openingsFeedQuerySchema,
  successEnvelope,
} from '@placely/contract';
import { and, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { openingFormVersions, openings, organizationProfiles, users } from '../../db/schema';
import { errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { isIndividual } from '../../policies/individual';
import { createSignedInApplicantQuery, eligibilityFactsOf } from '../../services/applications/applicant-facts';
import { meetsEligibilityOf } from '../../services/applications/eligibility';

const feedSchema = {
  tags: ['openings'],
  summary: 'Open openings anyone can apply to, newest first: search by title or organization, filter by kind',
  querystring: openingsFeedQuerySchema,
  response: { 200: successEnvelope(feedOpeningPageSchema) },
};

/** A LIKE pattern's own characters taken as typed. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Which parts a feed page's statement has: each filter given, whether a location is "remote", a cursor, and whether
 * eligibility is judged (a signed-in student) and filtered on. One prepared statement per shape (`createFeedPages`): the
 * eligibility condition alone is dozens of SQL fragments, and building the statement cost more than running it.
 */
export interface FeedShape {
  q: boolean;
  kind: boolean;
  location: boolean;
  remote: boolean;
  cursor: boolean;
  judged: boolean;
  eligibleOnly: boolean;
}

/** The values of a feed page's placeholders (those its shape uses). */
export type FeedValues = {
  q?: string;
  kind?: OpeningKind;
  place?: string;
  cursorAt?: string;
  cursorId?: string;
  limit: number;
  factsData?: string;
  memberGroupIds?: string;
  /** The verified education's values as JSON text, null without a badge on the main education. */
  verifiedData?: string | null;
  /** The signed-in student (judged shapes): placement cycles' openings reach them where they are enrolled. */
  viewerId?: number;
};

/**
 * One page of the feed (`limit + 1` rows, so the caller knows whether another follows), newest first, as a query not
 * yet run, with placeholders (`FeedValues`): the route prepares it once per shape and the bench runs the same
 * statement under pgbench. `eligible` is judged for the placeholders' facts when the shape says so (else null).
 */
export function feedPageQuery(db: Executor, shape: FeedShape) {
  const facts = {
    data: sql`${sql.placeholder('factsData')}::jsonb`,
    memberGroupIds: sql`${sql.placeholder('memberGroupIds')}::jsonb`,
    verifiedData: sql`${sql.placeholder('verifiedData')}::jsonb`,
  };
  const eligible = shape.judged ? meetsEligibilityOf(openings.eligibility, facts) : sql<null>`null`;
  const organizationName = sql<string>`coalesce(${organizationProfiles.name}, ${users.name})`;
  const search = sql`${sql.placeholder('q')}::text`;
  const place = sql`${sql.placeholder('place')}::text`;
  const at = sql`${sql.placeholder('cursorAt')}::timestamptz`;
  return db
    .select({
      opening: {
        id: openings.id,
        title: openings.title,
        kind: openings.kind,
        locations: openings.locations,
        remote: openings.remote,
        deadline: openings.deadline,
        applyMode: openings.applyMode,
        createdAt: openings.createdAt,
      },
      organizationName,
      logo: organizationProfiles.logo,
      website: organizationProfiles.website,
      form: openingFormVersions.definition,
      eligible: sql<boolean | null>`${eligible}`,
    })
    .from(openings)
    .innerJoin(users, eq(users.id, openings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
    .leftJoin(
      openingFormVersions,
      and(eq(openingFormVersions.openingId, openings.id), eq(openingFormVersions.version, openings.currentFormVersion)),
    )
    .where(
      and(
        eq(openings.status, 'open'),
        isNull(openings.deletedAt),
        gt(openings.deadline, sql`now()`),
        // A placement cycle's opening reaches only the cycle's enrolled (available or placed) students, once the
        // cell approved it (docs/ARCHITECTURE.md "Placement season"); every other opening as before.
        shape.judged
          ? sql`(${openings.cycleId} is null or exists(select 1 from cycle_openings co
              join cycle_enrolments e on e.cycle_id = co.cycle_id
              where co.opening_id = ${openings.id} and co.status = 'approved'
                and e.user_id = ${sql.placeholder('viewerId')}::bigint and e.status in ('available', 'placed')))`
          : isNull(openings.cycleId),
        shape.kind ? eq(openings.kind, sql.placeholder('kind')) : undefined,
        shape.q ? or(ilike(openings.title, search), ilike(organizationName, search)) : undefined,
        shape.location
          ? or(
              sql`exists (select 1 from jsonb_array_elements_text(${openings.locations}) as place(name) where place.name ilike ${place})`,
              shape.remote ? eq(openings.remote, true) : undefined,
            )
          : undefined,
        shape.judged && shape.eligibleOnly ? meetsEligibilityOf(openings.eligibility, facts) : undefined,
        shape.cursor
          ? or(
              sql`${openings.createdAt} < ${at}`,
              and(sql`${openings.createdAt} = ${at}`, sql`${openings.id} < ${sql.placeholder('cursorId')}::uuid`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(openings.createdAt), desc(openings.id))
    .limit(sql.placeholder('limit'));
}

/** The feed's page statements, prepared on first use of each shape. */
function createFeedPages(db: Executor) {
  const prepared = new Map<string, ReturnType<ReturnType<typeof feedPageQuery>['prepare']>>();
  return (shape: FeedShape, values: FeedValues) => {
    const key = (Object.keys(shape) as (keyof FeedShape)[]).map((part) => (shape[part] ? '1' : '0')).join('');
    let page = prepared.get(key);
    if (!page) {
      page = feedPageQuery(db, shape).prepare(`feed_page_${key}`);
      prepared.set(key, page);
    }
    return page.execute(values);
  };
}

/** GET /api/placements/campus/all/openings: the students' feed. Public: only open, undeleted, before-deadline openings. */
export function openingsFeedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const loadSignedInApplicant = createSignedInApplicantQuery(ctx.db);
    const feedPages = createFeedPages(ctx.db);
    app.get(
      '/api/placements/campus/all/openings',
      { onRequest: ctx.authenticate.optionallyInFirstRead, schema: feedSchema },
      async (request) => {
        const { limit, q, kind, location, eligibleOnly } = request.query;
        // Signed in: the caller (session checked) and their eligibility inputs in one read.
        const signedIn = await loadSignedInApplicant(request, ctx.publicUrl());
        const applicant = signedIn && isIndividual(signedIn.actor.user) ? signedIn : null;
        if (eligibleOnly === 'true' && !applicant) {
          throw errors.validation([
            {
              field: 'eligibleOnly',
              message: 'Sign in with a student account to see the openings you are eligible for.',
            },
          ]);
        }
        const facts = applicant ? eligibilityFactsOf(applicant.facts) : null;
        const cursor = decodeTimeCursor(request.query.cursor);
        const judged = facts !== null;
        const rows = await feedPages(
          {
            q: Boolean(q),
            kind: Boolean(kind),
            location: Boolean(location),
            remote: /^remote$/i.test(location ?? ''),
            cursor: cursor !== null,
            judged,
            eligibleOnly: eligibleOnly === 'true',
          },
          {
            q: q ? `%${escapeLike(q)}%` : undefined,
            kind,
            place: location ? `%${escapeLike(location)}%` : undefined,
            cursorAt: cursor?.at.toISOString(),
            cursorId: cursor?.id,
            limit: limit + 1,
            ...(facts
              ? {
                  factsData: JSON.stringify(facts.data),
                  memberGroupIds: JSON.stringify(facts.memberGroupIds),
                  verifiedData: facts.verifiedData ? JSON.stringify(facts.verifiedData) : null,
                  viewerId: applicant?.actor.user.id,
                }
              : {}),
          },
        );
        const page = pageFrom(rows, limit, ({ opening }) => ({ at: opening.createdAt, id: opening.id }));
        const items: FeedOpening[] = page.items.map(
          ({ opening, organizationName: name, logo, website, form, eligible }) => ({
            id: opening.id,
            title: opening.title,
            kind: opening.kind,
            organization: { name, logoUrl: logo, website },
            locations: opening.locations,
            remote: opening.remote,
            deadline: opening.deadline.toISOString(),
            applyMode: opening.applyMode,
            oneClick: opening.applyMode === 'form' && form !== null && isOneClickForm(form),
            eligible: eligible ?? null,
          }),
        );
        return ok({ items, nextCursor: page.nextCursor });
      },
    );
  };
}
