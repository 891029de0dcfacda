import {
  type FeedOpening,
  feedOpeningPageSchema,
  isOneClickForm,
  type OpeningKind,
  openingsFeedQuerySchema,
  successEnvelope,
} from '@placely/contract';
import { and, desc, eq, gt, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { openingFormVersions, openings, organizationProfiles, users } from '../../db/schema';
import { errors } from '../../errors';
import { decodeTimeCursor, pageFrom, type TimeCursor } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { isIndividual } from '../../policies/individual';
import { createSignedInApplicantQuery, eligibilityFactsOf } from '../../services/applications/applicant-facts';
import { type EligibilityFacts, meetsEligibilitySql } from '../../services/applications/eligibility';

const feedSchema = {
  tags: ['openings'],
  summary: 'Open openings anyone can apply to, newest first: search by title or organization, filter by kind',
  querystring: openingsFeedQuerySchema,
  response: { 200: successEnvelope(feedOpeningPageSchema) },
};

/** A LIKE pattern's own characters taken as typed. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of the feed (`limit + 1` rows, so the caller knows whether another follows), newest first, as a query not
 * yet run: the bench runs the same statement under pgbench. `eligible` is judged for `facts` (null: signed out).
 */
export function feedPage(
  db: Executor,
  input: {
    q?: string;
    kind?: OpeningKind;
    location?: string;
    eligibleOnly: boolean;
    facts: EligibilityFacts | null;
    cursor: TimeCursor | null;
    limit: number;
  },
) {
  const { q, kind, location, eligibleOnly, facts, cursor, limit } = input;
  const eligible = facts ? meetsEligibilitySql(openings.eligibility, facts) : sql<null>`null`;
  const search = q ? `%${escapeLike(q)}%` : null;
  const place = location ? `%${escapeLike(location)}%` : null;
  const organizationName = sql<string>`coalesce(${organizationProfiles.name}, ${users.name})`;
  return db
    .select({
      opening: openings,
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
        kind ? eq(openings.kind, kind) : undefined,
        search ? or(ilike(openings.title, search), ilike(organizationName, search)) : undefined,
        place
          ? or(
              sql`exists (select 1 from jsonb_array_elements_text(${openings.locations}) as place(name) where place.name ilike ${place})`,
              /^remote$/i.test(location ?? '') ? eq(openings.remote, true) : undefined,
            )
          : undefined,
        eligibleOnly && facts ? meetsEligibilitySql(openings.eligibility, facts) : undefined,
        cursor
          ? or(lt(openings.createdAt, cursor.at), and(eq(openings.createdAt, cursor.at), lt(openings.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(desc(openings.createdAt), desc(openings.id))
    .limit(limit + 1);
}

/** GET /api/placements/campus/all/openings: the students' feed. Public: only open, undeleted, before-deadline openings. */
export function openingsFeedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const loadSignedInApplicant = createSignedInApplicantQuery(ctx.db);
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
        // Any opening of the feed may ask for verified education.
        const facts = applicant
          ? await eligibilityFactsOf(ctx.db, applicant.actor.user.id, applicant.facts, true)
          : null;
        const rows = await feedPage(ctx.db, {
          q,
          kind,
          location,
          eligibleOnly: eligibleOnly === 'true',
          facts,
          cursor: decodeTimeCursor(request.query.cursor),
          limit,
        });
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
