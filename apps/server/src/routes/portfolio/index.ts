import { randomBytes } from 'node:crypto';
import {
  isOrganizationAccount,
  PORTFOLIO_SECTIONS,
  PORTFOLIOS_PER_USER,
  type PortfolioSection,
  type PortfolioView,
} from '@placely/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../auth/authenticate';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { individualProfiles, organizationProfiles, portfolios, profileViews, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { canViewPortfolio, ownsPortfolio } from '../../policies/portfolio';
import { presentPortfolio, presentProfileView } from '../../presenters/portfolio';
import { recordProfileView } from '../../services/profile-views';
import { SERVER_RENDER_HEADER } from '../../services/public-pages';
import { lockUser } from '../../services/users';
import { verificationBadgesFor } from '../../services/verification';
import { listSection, presentSectionRows, readSectionRows } from '../individual';
import { SECTIONS, type SectionDefinition } from '../individual/sections';
import {
  createPortfolioSchema,
  deletePortfolioSchema,
  listPortfoliosSchema,
  profileCardRouteSchema,
  regeneratePortfolioSchema,
  updatePortfolioSchema,
  viewersSchema,
  viewPortfolioSchema,
} from './schema';

/** 72 random bits, URL-safe: 12 characters nobody can guess or enumerate. */
const newPublicId = () => randomBytes(9).toString('base64url');
/** The same organization opening the same portfolio again within this window is one view. */

async function listPortfolios(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .orderBy(desc(portfolios.createdAt));
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({ portfolioId: profileViews.portfolioId, views: count() })
          .from(profileViews)
          .where(
            inArray(
              profileViews.portfolioId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(profileViews.portfolioId);
  const viewsOf = new Map(counts.map((row) => [row.portfolioId, row.views]));
  return { portfolios: rows.map((row) => presentPortfolio(row, viewsOf.get(row.id) ?? 0)) };
}

const sectionByName = new Map(SECTIONS.map((section) => [section.tag, section]));

export function portfolioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    /** Public routes still recognise a signed-in caller; a bad token is a 401 so the client can refresh. */
    const optionalActor = async (authorization: string | undefined): Promise<Actor | null> =>
      authorization ? ctx.authenticate.resolveActor(authorization) : null;

    const change = async (userId: number, act: (tx: Executor) => Promise<void>) =>
      ctx.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        await act(tx);
        return listPortfolios(tx, userId);
      });
    const loadOwn = async (tx: Executor, actor: Actor, id: string) => {
      const [row] = await tx
        .select()
        .from(portfolios)
        .where(and(eq(portfolios.id, id), eq(portfolios.userId, actor.user.id)));
      if (!row) throw errors.notFound('That portfolio');
      authorize(actor, 'portfolio.change', row);
      return row;
    };

    app.get('/api/individual/portfolios', { ...authenticated, schema: listPortfoliosSchema }, async (request) =>
      ok(await listPortfolios(ctx.db, actorOf(request).user.id)),
    );

    app.post('/api/individual/portfolios', { ...authenticated, schema: createPortfolioSchema }, async (request) => {
      const actor = actorOf(request);
      const list = await change(actor.user.id, async (tx) => {
        authorize(actor, 'portfolio.create', null);
        const [existing] = await tx
          .select({ total: count() })
          .from(portfolios)
          .where(eq(portfolios.userId, actor.user.id));
        if ((existing?.total ?? 0) >= PORTFOLIOS_PER_USER) {
          throw errors.conflict(`You can keep at most ${PORTFOLIOS_PER_USER} portfolios.`);
        }
        await tx.insert(portfolios).values({ ...request.body, userId: actor.user.id, publicId: newPublicId() });
      });
      return ok(list, 'Portfolio created');
    });

    app.put('/api/individual/portfolios', { ...authenticated, schema: updatePortfolioSchema }, async (request) => {
      const actor = actorOf(request);
      const list = await change(actor.user.id, async (tx) => {
        const row = await loadOwn(tx, actor, request.body.id);
        await tx
          .update(portfolios)
          .set({ ...request.body.portfolio, updatedAt: sql`now()` })
          .where(eq(portfolios.id, row.id));
      });
      return ok(list, 'Portfolio saved');
    });

    app.post(
      '/api/individual/portfolios/regenerate',
      { ...authenticated, schema: regeneratePortfolioSchema },
      async (request) => {
        const actor = actorOf(request);
        const list = await change(actor.user.id, async (tx) => {
          const row = await loadOwn(tx, actor, request.body.id);
          await tx
            .update(portfolios)
            .set({ publicId: newPublicId(), updatedAt: sql`now()` })
            .where(eq(portfolios.id, row.id));
        });
        return ok(list, 'New link created; the old link no longer works');
      },
    );

    app.delete('/api/individual/portfolios', { ...authenticated, schema: deletePortfolioSchema }, async (request) => {
      const actor = actorOf(request);
      const list = await change(actor.user.id, async (tx) => {
        const row = await loadOwn(tx, actor, request.query.id);
        await tx.delete(portfolios).where(eq(portfolios.id, row.id));
      });
      return ok(list, 'Portfolio deleted');
    });

    // Built once and prepared per connection: every view of a shared link runs it.
    const portfolioByPublicId = ctx.db
      .select({ portfolio: portfolios, user: users, profile: individualProfiles })
      .from(portfolios)
      .innerJoin(users, eq(users.id, portfolios.userId))
      .leftJoin(individualProfiles, eq(individualProfiles.userId, portfolios.userId))
      .where(eq(portfolios.publicId, sql.placeholder('publicId')))
      .prepare('portfolio_by_public_id');
    const findByPublicId = async (publicId: string) => (await portfolioByPublicId.execute({ publicId }))[0];

    app.get('/api/individual/portfolio/id', { schema: viewPortfolioSchema }, async (request) => {
      const actor = await optionalActor(request.headers.authorization);
      const found = await findByPublicId(request.query.portfolioId);
      // A private portfolio is indistinguishable from a missing one to anyone but its owner.
      if (!found || !canViewPortfolio(actor, found.portfolio)) throw errors.notFound('That portfolio');
      const { portfolio, user, profile } = found;
      const isOwner = ownsPortfolio(actor, portfolio);
      const shown = new Set(portfolio.sections as PortfolioSection[]);
      // The shown sections in one read, beside the person's badges (one read, every kind): the badges mark entries
      // verified and are what the page lists.
      const shownSections = PORTFOLIO_SECTIONS.filter((name) => shown.has(name)).map(
        (name) => sectionByName.get(name) as SectionDefinition,
      );
      const [sectionRows, badgeMap] = await readTogether(ctx.db, [
        () => readSectionRows(ctx.db, shownSections, user.id),
        () => verificationBadgesFor(ctx.db, [user.id]),
      ]);
      const entriesOf = (name: PortfolioSection) => {
        const index = shownSections.findIndex((section) => section.tag === name);
        const section = shownSections[index];
        return section ? presentSectionRows(section, sectionRows[index] ?? [], badgeMap) : [];
      };
      const [education, experience, projects, skills, others, placements] = PORTFOLIO_SECTIONS.map(entriesOf);

      // The server renders a shared link's first view with this header; the page counts the view itself (web main.tsx)
      // with this same request, so each visit is counted once and link-preview robots are not counted.
      if (!isOwner && request.headers[SERVER_RENDER_HEADER] !== 'server') {
        const organizationViewer = actor && isOrganizationAccount(actor.user.accountType) ? actor.user.id : null;
        await recordProfileView(ctx.db, {
          ownerId: user.id,
          viewerId: organizationViewer,
          subject: 'portfolio',
          portfolioId: portfolio.id,
        });
      }

      const shownIds = new Set(
        [education, experience, others, placements].flat().map((entry) => (entry as { id: string }).id),
      );
      const badges = [...badgeMap.values()]
        .filter((badge) => shownIds.has(badge.recordId))
        .map(({ userId: _userId, ...badge }) => badge);

      const view: PortfolioView = {
        portfolioId: portfolio.publicId,
        title: portfolio.title,
        isOwner,
        visibility: portfolio.visibility,
        person: {
          name: profile?.name ?? user.name,
          photo: profile?.photo ?? user.photo,
          headline: profile?.headline ?? null,
          about: profile?.about ?? null,
          location: profile?.location ?? null,
          linkedin: profile?.linkedin ?? null,
          github: profile?.github ?? null,
          website: profile?.website ?? null,
        },
        sections: [...shown],
        education,
        experience,
        projects,
        skills,
        others,
        placements,
        badges,
      } as PortfolioView;
      return ok(view);
    });

    app.get('/api/user/preskilet', { schema: profileCardRouteSchema }, async (request, reply) => {
      const found = await findByPublicId(request.query.portfolioId);
      if (found?.portfolio.visibility !== 'public') throw errors.notFound('That portfolio');
      // The card shows skills only when the person chose to publish them in this portfolio.
      const skillsSection = (found.portfolio.sections as PortfolioSection[]).includes('skills')
        ? sectionByName.get('skills')
        : undefined;
      const skills = skillsSection ? (await listSection(ctx.db, skillsSection, found.user.id)).entries : [];
      reply.header('Cache-Control', 'public, max-age=60');
      return ok({
        name: found.profile?.name ?? found.user.name,
        headline: found.profile?.headline ?? null,
        photo: found.profile?.photo ?? found.user.photo,
        skills: (skills as Array<{ name: string }>).map((skill) => skill.name),
        portfolioId: found.portfolio.publicId,
      });
    });

    app.get('/api/user/viewers', { ...authenticated, schema: viewersSchema }, async (request) => {
      const actor = actorOf(request);
      const { page, pageSize } = request.query;
      const named = and(eq(profileViews.ownerId, actor.user.id), isNotNull(profileViews.viewerId));
      const [rows, [namedCount], [anonymousCount]] = await Promise.all([
        ctx.db
          .select({
            id: profileViews.id,
            organizationName: sql<string | null>`coalesce(${organizationProfiles.name}, ${users.name})`,
            subject: profileViews.subject,
            portfolioTitle: portfolios.title,
            viewedAt: profileViews.viewedAt,
          })
          .from(profileViews)
          .innerJoin(users, eq(users.id, profileViews.viewerId))
          .leftJoin(organizationProfiles, eq(organizationProfiles.userId, profileViews.viewerId))
          .leftJoin(portfolios, eq(portfolios.id, profileViews.portfolioId))
          .where(named)
          .orderBy(desc(profileViews.viewedAt), desc(profileViews.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        ctx.db.select({ total: count() }).from(profileViews).where(named),
        ctx.db
          .select({ total: count() })
          .from(profileViews)
          .where(and(eq(profileViews.ownerId, actor.user.id), isNull(profileViews.viewerId))),
      ]);
      return ok({
        views: rows.map(presentProfileView),
        page,
        pageSize,
        total: namedCount?.total ?? 0,
        anonymousViews: anonymousCount?.total ?? 0,
      });
    });
  };
}
