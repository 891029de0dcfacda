import {
  DEFAULT_SHARE_FIELDS,
  EXPORT_TOTAL_ROWS_HEADER,
  SHORTLIST_LIMITS,
  SHORTLIST_MESSAGES,
  type ShareField,
} from '@placely/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { shortlists } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { can } from '../../policies';
import { canSeeContacts, type OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import { presentShortlist } from '../../presenters/shortlist';
import {
  csvStream,
  EXPORT_CONTENT_TYPES,
  exportViewerOf,
  planExport,
  xlsxStream,
} from '../../services/applications/export';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf, recordAudit } from '../../services/organizations';
import {
  addEntries,
  entryCounts,
  loadShortlist,
  removeEntry,
  reorderEntries,
  type ShortlistRow,
  shortlistCandidates,
  shortlistsOf,
} from '../../services/shortlisting/shortlists';
import { applicantFileLink } from '../responses';
import { shareLinkRoutes } from './links';
import {
  addShortlistUsersSchema,
  createShortlistSchema,
  deleteShortlistSchema,
  exportShortlistSchema,
  listShortlistsSchema,
  orderShortlistUsersSchema,
  readShortlistSchema,
  removeShortlistUserSchema,
  shortlistUsersRouteSchema,
  updateShortlistSchema,
} from './schema';

const abilitiesOf = (actor: Actor, access: OrganizationAccess, opening: OpeningRow) => {
  const record = { access, opening };
  return {
    change: can(actor, 'shortlist.change', record),
    share: can(actor, 'shortlist.share', record),
    export: can(actor, 'shortlist.export', record),
  };
};

async function present(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  shortlist: ShortlistRow,
  opening: OpeningRow,
) {
  const [fresh] = await db.select().from(shortlists).where(eq(shortlists.id, shortlist.id));
  const counts = await entryCounts(db, [shortlist.id]);
  return presentShortlist(
    fresh ?? shortlist,
    opening.title,
    counts.get(shortlist.id) ?? 0,
    abilitiesOf(actor, access, opening),
  );
}

/**
 * Shortlists of an opening under /api/organization/shortlisting/… (spec §7 keeps `/id` and `/id/users`; the rest
 * sits beside them). Share links and the public link routes are in links.ts.
 */
export function shortlistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = '/api/organization/shortlisting';

    /** authenticate → (validated) → transaction → load with the shortlist row locked → authorize → act → present. */
    const changeShortlist = async (
      request: Parameters<typeof actorOf>[0],
      id: string,
      act: (tx: Executor, actor: Actor, shortlist: ShortlistRow) => Promise<unknown>,
    ) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      return ctx.db.transaction(async (tx) => {
        const { shortlist, opening } = await loadShortlist(tx, actor, access, id, 'shortlist.change', true);
        await act(tx, actor, shortlist);
        return present(tx, actor, access, shortlist, opening);
      });
    };

    app.get(
      `${base}/lists`,
      { ...authenticated, schema: actingForOrganization(listShortlistsSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'shortlist.view');
        const rows = await shortlistsOf(ctx.db, opening.id);
        const counts = await entryCounts(
          ctx.db,
          rows.map((row) => row.id),
        );
        const abilities = abilitiesOf(actor, access, opening);
        return ok({
          items: rows.map((row) => presentShortlist(row, opening.title, counts.get(row.id) ?? 0, abilities)),
          abilities: { create: abilities.change },
        });
      },
    );

    app.post(
      `${base}/lists`,
      { ...authenticated, schema: actingForOrganization(createShortlistSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const { openingId, name, applicationIds, fields } = request.body;
        const result = await ctx.db.transaction(async (tx) => {
          // The opening row lock keeps the per-opening count true when two shortlists are made at once.
          const opening = await loadOrganizationOpening(
            tx,
            actor,
            access,
            openingId,
            'shortlist.change',
            'no key update',
          );
          const [existing] = await tx
            .select({ n: count() })
            .from(shortlists)
            .where(eq(shortlists.openingId, opening.id));
          if (Number(existing?.n ?? 0) >= SHORTLIST_LIMITS.maxPerOpening) {
            throw errors.conflict(`An opening keeps at most ${SHORTLIST_LIMITS.maxPerOpening} shortlists.`);
          }
          const [created] = await tx
            .insert(shortlists)
            .values({
              openingId: opening.id,
              name,
              fields: [...new Set<ShareField>(fields ?? DEFAULT_SHARE_FIELDS)],
              createdBy: actor.user.id,
            })
            .returning();
          if (!created) throw new Error('shortlist not inserted');
          await addEntries(tx, actor, created, applicationIds ?? []);
          return present(tx, actor, access, created, opening);
        });
        return ok(result, SHORTLIST_MESSAGES.created);
      },
    );

    app.get(`${base}/id`, { ...authenticated, schema: actingForOrganization(readShortlistSchema) }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { shortlist, opening } = await loadShortlist(ctx.db, actor, access, request.query.id, 'shortlist.view');
      return ok(await present(ctx.db, actor, access, shortlist, opening));
    });

    app.patch(
      `${base}/id`,
      { ...authenticated, schema: actingForOrganization(updateShortlistSchema) },
      async (request) => {
        const { id, name, fields } = request.body;
        const result = await changeShortlist(request, id, (tx, _actor, shortlist) =>
          tx
            .update(shortlists)
            .set({
              ...(name !== undefined ? { name } : {}),
              ...(fields !== undefined ? { fields: [...new Set(fields)] } : {}),
              updatedAt: sql`now()`,
            })
            .where(eq(shortlists.id, shortlist.id)),
        );
        return ok(result, SHORTLIST_MESSAGES.renamed);
      },
    );

    app.delete(
      `${base}/id`,
      { ...authenticated, schema: actingForOrganization(deleteShortlistSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        await ctx.db.transaction(async (tx) => {
          const { shortlist } = await loadShortlist(tx, actor, access, request.query.id, 'shortlist.change', true);
          await tx.delete(shortlists).where(eq(shortlists.id, shortlist.id));
        });
        return ok({ id: request.query.id }, SHORTLIST_MESSAGES.deleted);
      },
    );

    app.get(
      `${base}/id/users`,
      { ...authenticated, schema: actingForOrganization(shortlistUsersRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const { shortlist } = await loadShortlist(ctx.db, actor, access, request.query.id, 'shortlist.view');
        const page = await shortlistCandidates(
          ctx.db,
          shortlist,
          {
            fields: shortlist.fields,
            contactsAllowed: canSeeContacts(access),
            alwaysStage: true,
            viewerId: actor.user.id,
          },
          {
            after: request.query.cursor === undefined ? undefined : Number(request.query.cursor),
            limit: request.query.limit,
          },
        );
        return ok({ ...page, fields: shortlist.fields });
      },
    );

    app.post(
      `${base}/id/users`,
      { ...authenticated, schema: actingForOrganization(addShortlistUsersSchema) },
      async (request) => {
        let added = 0;
        const result = await changeShortlist(request, request.body.id, async (tx, actor, shortlist) => {
          added = await addEntries(tx, actor, shortlist, request.body.applicationIds);
        });
        return ok(result, SHORTLIST_MESSAGES.added(added));
      },
    );

    app.delete(
      `${base}/id/users`,
      { ...authenticated, schema: actingForOrganization(removeShortlistUserSchema) },
      async (request) => {
        const result = await changeShortlist(request, request.query.id, (tx, _actor, shortlist) =>
          removeEntry(tx, shortlist, request.query.applicationId),
        );
        return ok(result, SHORTLIST_MESSAGES.removed);
      },
    );

    app.put(
      `${base}/id/users/order`,
      { ...authenticated, schema: actingForOrganization(orderShortlistUsersSchema) },
      async (request) => {
        const result = await changeShortlist(request, request.body.id, (tx, _actor, shortlist) =>
          reorderEntries(tx, shortlist, request.body.applicationIds),
        );
        return ok(result, SHORTLIST_MESSAGES.reordered);
      },
    );

    app.get(
      `${base}/id/export`,
      { ...authenticated, schema: actingForOrganization(exportShortlistSchema) },
      async (request, reply) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const { id, format } = request.query;
        const { shortlist, opening } = await loadShortlist(ctx.db, actor, access, id, 'shortlist.export');
        const plan = await planExport(
          ctx.db,
          opening.id,
          applicantFileLink(ctx.publicUrl(), opening.id),
          shortlist.id,
          exportViewerOf(actor, access, opening),
        );
        await recordAudit(ctx.db, access.organizationId, actor.user.id, {
          kind: 'export.downloaded',
          openingId: opening.id,
          details: { format, rows: plan.total, shortlistId: shortlist.id, shortlistName: shortlist.name },
        });
        const day = new Date().toISOString().slice(0, 10);
        const fileName = `${opening.title} - ${shortlist.name} ${day}.${format}`;
        const body =
          format === 'csv' ? csvStream(ctx.db, opening.id, plan) : xlsxStream(ctx.db, opening.id, plan, shortlist.name);
        return reply
          .header('Content-Type', EXPORT_CONTENT_TYPES[format])
          .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
          .header(EXPORT_TOTAL_ROWS_HEADER, String(plan.total))
          .header('Access-Control-Expose-Headers', `${EXPORT_TOTAL_ROWS_HEADER}, Content-Disposition`)
          .header('Cache-Control', 'private, no-store')
          .send(body);
      },
    );

    await app.register(shareLinkRoutes(ctx));
  };
}
