import { OFFER_MESSAGES } from '@placely/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf } from '../../services/organizations';
import {
  checkOffer,
  createOffer,
  offersOfOpening,
  offersOfStudent,
  presentOffer,
  renegeOffer,
  rescindOffer,
  respondToOffer,
  withdrawOffer,
} from '../../services/placement/offers';
import {
  checkOfferRouteSchema,
  createOfferRouteSchema,
  myOffersRouteSchema,
  openingOffersRouteSchema,
  renegeOfferRouteSchema,
  rescindOfferRouteSchema,
  respondOfferRouteSchema,
  withdrawOfferRouteSchema,
} from './schema';

/** Offers (docs/ARCHITECTURE.md "Policy and offers"): the company makes and ends them, the student answers. */
export function offerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.post('/api/organization/offers', { ...authenticated, schema: createOfferRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      try {
        const row = await ctx.db.transaction((tx) => createOffer(tx, actor, access, request.body));
        return ok(presentOffer(row, 'company'), OFFER_MESSAGES.created);
      } catch (error) {
        // Two offers racing on one application: the unique index keeps one.
        if (isUniqueViolation(error)) throw errors.conflict(OFFER_MESSAGES.exists);
        throw error;
      }
    });

    app.post('/api/organization/offers/check', { ...authenticated, schema: checkOfferRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      return ok(await checkOffer(ctx.db, actor, access, request.body));
    });

    app.get('/api/organization/offers', { ...authenticated, schema: openingOffersRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'stage.view');
      const rows = await offersOfOpening(ctx.db, opening.id);
      return ok({ items: rows.map((row) => presentOffer(row, 'company')) });
    });

    app.post(
      '/api/organization/offers/withdraw',
      { ...authenticated, schema: withdrawOfferRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const row = await ctx.db.transaction((tx) => withdrawOffer(tx, actor, access, request.body));
        return ok(presentOffer(row, 'company'), OFFER_MESSAGES.withdrawn);
      },
    );

    app.post(
      '/api/organization/offers/rescind',
      { ...authenticated, schema: rescindOfferRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const row = await ctx.db.transaction((tx) => rescindOffer(tx, actor, access, request.body));
        return ok(presentOffer(row, 'company'), OFFER_MESSAGES.rescinded);
      },
    );

    app.get('/api/placement/my/offers', { ...authenticated, schema: myOffersRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const rows = await offersOfStudent(ctx.db, actor.user.id);
      return ok({ items: rows.map((row) => presentOffer(row, 'student')) });
    });

    app.post(
      '/api/placement/my/offers/respond',
      { ...authenticated, schema: respondOfferRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        authorize(actor, 'offer.answer', null);
        const row = await ctx.db.transaction((tx) => respondToOffer(tx, actor, request.body));
        return ok(
          presentOffer(row, 'student'),
          request.body.decision === 'accept' ? OFFER_MESSAGES.accepted : OFFER_MESSAGES.declined,
        );
      },
    );

    app.post(
      '/api/placement/my/offers/renege',
      { ...authenticated, schema: renegeOfferRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        authorize(actor, 'offer.answer', null);
        const row = await ctx.db.transaction((tx) => renegeOffer(tx, actor, request.body));
        return ok(presentOffer(row, 'student'), OFFER_MESSAGES.reneged);
      },
    );
  };
}
