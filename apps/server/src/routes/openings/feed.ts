import {
  type FeedOpening,
  feedOpeningPageSchema,
  isOneClickForm,
  openingsFeedQuerySchema,
  successEnvelope,
} from '@placely/contract';
import { and, desc, eq, gt, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { openingFormVersions, openings, organizationProfiles, users } from '../../db/schema';
import { errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { isIndividual } from '../../policies/individual';
import { loadEligibilityFacts, meetsEligibilitySql } from '../../services/applications/eligibility';
import { loadApplicantData } from '../../services/applications/prefill';

const feedSchema = {
  tags: ['openings'],
  summary: 'Open openings anyone can apply to, newest first: search by title or organization, filter by kind',
  querystring: openingsFeedQuerySchema,
  response: { 200: successEnvelope(feedOpeningPageSchema) },
};

/** A LIKE pattern's own characters taken as typed. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** GET /api/placements/campus/all/openings: the students' feed. Public: only open, undeleted, before-deadline openings. */
export function openingsFeedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/placements/campus/all/openings', { schema: feedSchema }, async (request) => {
      const { limit, q, kind, location, eligibleOnly } = request.query;
      const authorization = request.headers.authorization;
      const actor = authorization ? await ctx.authenticate.resolveActor(authorization) : null;
      const applicant = actor && isIndividual(actor.user) ? actor.user : null;
      if (eligibleOnly === 'true' && !applicant) {
        throw errors.validation([
          {
            field: 'eligibleOnly',
            message: 'Sign in with a student account to see the openings you are eligible for.',
          },
        ]);
      }
      const facts = applicant
        ? await loadEligibilityFacts(
            ctx.db,
            applicant.id,
            (await loadApplicantData(ctx.db, applicant, ctx.publicUrl())).values,
          )
        : null;
      const eligible = facts ? meetsEligibilitySql(openings.eligibility, facts) : sql<null>`null`;
      const cursor = decodeTimeCursor(request.query.cursor);
      const search = q ? `%${escapeLike(q)}%` : null;
      const place = location ? `%${escapeLike(location)}%` : null;
      const organizationName = sql<string>`coalesce(${organizationProfiles.name}, ${users.name})`;
      const rows = await ctx.db
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
          and(
            eq(openingFormVersions.openingId, openings.id),
            eq(openingFormVersions.version, openings.currentFormVersion),
          ),
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
            eligibleOnly === 'true' && facts ? meetsEligibilitySql(openings.eligibility, facts) : undefined,
            cursor
              ? or(
                  lt(openings.createdAt, cursor.at),
                  and(eq(openings.createdAt, cursor.at), lt(openings.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(openings.createdAt), desc(openings.id))
        .limit(limit + 1);
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
    });
  };
}
