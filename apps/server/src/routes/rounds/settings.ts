import { ROUND_MESSAGES } from '@placely/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf } from '../../services/organizations';
import {
  addPanel,
  addSlot,
  generateSlots,
  loadRound,
  presentRound,
  presentSlot,
  roundsOf,
  saveRoundSettings,
} from '../../services/rounds/rounds';
import { ORGANIZATION_BASE, roundActions } from './organization';
import {
  addPanelSchema,
  addSlotSchema,
  generateSlotsSchema,
  listRoundsSchema,
  readRoundSchema,
  saveRoundSchema,
} from './schema';

/** Rounds, panels and slots: what owners and coordinators set up before the day. */
export function roundSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const rounds = roundActions(ctx);

    app.get(
      ORGANIZATION_BASE,
      { ...authenticated, schema: actingForOrganization(listRoundsSchema) },
      async (request) => {
        const { actor, access } = await rounds.caller(request);
        const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'round.view');
        const items = [];
        for (const { round } of await roundsOf(ctx.db, opening.id)) {
          const loaded = await loadRound(ctx.db, actor, access, round.stageId, 'round.view');
          items.push(await presentRound(ctx.db, actor, loaded));
        }
        return ok({ items });
      },
    );

    app.get(
      `${ORGANIZATION_BASE}/id`,
      { ...authenticated, schema: actingForOrganization(readRoundSchema) },
      async (request) =>
        ok(await rounds.read(request, request.query.roundId, (db, loaded, actor) => presentRound(db, actor, loaded))),
    );

    app.put(
      ORGANIZATION_BASE,
      { ...authenticated, schema: actingForOrganization(saveRoundSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const round = await ctx.db.transaction(async (tx) => {
          const opening = await loadOrganizationOpening(
            tx,
            actor,
            access,
            request.body.openingId,
            'round.manage',
            'share',
          );
          const roundId = await saveRoundSettings(tx, actor.user.id, opening, request.body);
          return presentRound(tx, actor, await loadRound(tx, actor, access, roundId, 'round.manage'));
        });
        return ok(round, ROUND_MESSAGES.saved);
      },
    );

    app.post(
      `${ORGANIZATION_BASE}/panels`,
      { ...authenticated, schema: actingForOrganization(addPanelSchema) },
      async (request) => {
        const round = await rounds.inTransaction(
          request,
          request.body.roundId,
          'round.manage',
          async (tx, loaded, actor, access) => {
            await addPanel(tx, loaded.round, access.organizationId, request.body);
            return presentRound(tx, actor, await loadRound(tx, actor, access, loaded.round.stageId, 'round.manage'));
          },
          'update',
        );
        return ok(round, ROUND_MESSAGES.panelAdded);
      },
    );

    app.post(
      `${ORGANIZATION_BASE}/slots`,
      { ...authenticated, schema: actingForOrganization(addSlotSchema) },
      async (request) => {
        const slot = await rounds.inTransaction(request, request.body.roundId, 'round.manage', (tx, loaded) =>
          addSlot(tx, loaded.round, request.body),
        );
        return ok(presentSlot(slot), ROUND_MESSAGES.slotAdded);
      },
    );

    app.post(
      `${ORGANIZATION_BASE}/slots/generate`,
      { ...authenticated, schema: actingForOrganization(generateSlotsSchema) },
      async (request) => {
        const count = await rounds.inTransaction(request, request.body.roundId, 'round.manage', (tx, loaded) =>
          generateSlots(tx, loaded.round, request.body),
        );
        return ok({ count, left: 0 }, ROUND_MESSAGES.generated(count));
      },
    );
  };
}
