import type { OpeningInput, OpeningStatus } from '@placely/contract';
import { and, count, desc, eq, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { applications, externalApplyClicks, groups, openingFormVersions, openings } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { coversAllOpenings, type OrganizationAccess } from '../../policies/organization';
import { type OpeningRow, presentOpening, presentOpeningListItem } from '../../presenters/opening';
import { sanitizeRichText } from '../../services/html';
import { notifyNewOpeningToFollowers, notifyOpeningUpdated } from '../../services/notifications/events';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf, recordAudit } from '../../services/organizations';
import { escapeLike } from './feed';
import {
  changeOpeningStatusSchema,
  createOpeningSchema,
  deleteOpeningSchema,
  duplicateOpeningSchema,
  externalApplyLinkSchema,
  getOpeningSchema,
  listOpeningsSchema,
  updateOpeningSchema,
} from './schema';

/** Matches no opening: a limited role whose openings are all gone lists nothing. */
const NO_OPENING = '00000000-0000-0000-0000-000000000000';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

function abilitiesFor(actor: Actor, access: OrganizationAccess, opening: OpeningRow) {
  const record = { access, opening };
  return {
    update: can(actor, 'opening.change', record),
    delete: can(actor, 'opening.change', record),
    viewApplications: can(actor, 'opening.viewApplications', record),
    export: can(actor, 'opening.export', record),
  };
}

/** The columns an opening's input sets; `status` is the input's, or else the draft (create) or unchanged (update). */
function columnsFrom(input: OpeningInput, status: OpeningStatus) {
  return {
    title: input.title,
    kind: input.kind,
    description: sanitizeRichText(input.description),
    locations: input.locations,
    remote: input.remote,
    compensation: input.compensation,
    openingsCount: input.openingsCount,
    deadline: new Date(input.deadline),
    startDate: input.startDate,
    status: input.status ?? status,
    responseCap: input.responseCap,
    eligibility: input.eligibility,
    applyMode: input.applyMode,
    externalLink: input.applyMode === 'external' ? input.externalLink : null,
  };
}

async function applicationCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ openingId: applications.openingId, n: count() })
    .from(applications)
    .where(and(inArray(applications.openingId, ids), ne(applications.status, 'withdrawn')))
    .groupBy(applications.openingId);
  return new Map(rows.map((row) => [row.openingId, Number(row.n)]));
}

async function currentForm(db: Executor, row: OpeningRow) {
  if (row.currentFormVersion === null) return null;
  const [form] = await db
    .select()
    .from(openingFormVersions)
    .where(and(eq(openingFormVersions.openingId, row.id), eq(openingFormVersions.version, row.currentFormVersion)));
  return form ?? null;
}

async function presentOne(db: Executor, actor: Actor, access: OrganizationAccess, row: OpeningRow) {
  const counts = await applicationCounts(db, [row.id]);
  return presentOpening(row, await currentForm(db, row), counts.get(row.id) ?? 0, abilitiesFor(actor, access, row));
}

/** JSON with sorted keys: jsonb does not keep key order, so compare definitions by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** A group-only opening may only name the organization's own live groups. */
async function assertOwnGroups(db: Executor, access: OrganizationAccess, groupIds: string[], field: string) {
  if (groupIds.length === 0) return;
  const own = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(inArray(groups.id, groupIds), eq(groups.ownerId, access.organizationId), isNull(groups.deletedAt)));
  if (own.length !== new Set(groupIds).size) {
    throw errors.validation([{ field, message: 'Choose from your own groups.' }]);
  }
}

export function openingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get(
      '/api/organization/openings',
      { ...authenticated, schema: actingForOrganization(listOpeningsSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const { limit, q } = request.query;
        const cursor = decodeTimeCursor(request.query.cursor);
        // The openings picker finds titles as the person types: part of the title, any case, % and _ taken as typed.
        const search = q ? `%${escapeLike(q)}%` : null;
        // A role limited to chosen openings lists only those; someone outside the organization lists nothing.
        const scope = !access.member
          ? sql`false`
          : coversAllOpenings(access)
            ? undefined
            : inArray(openings.id, access.member.openingIds.length > 0 ? access.member.openingIds : [NO_OPENING]);
        const rows = await ctx.db
          .select()
          .from(openings)
          .where(
            and(
              eq(openings.organizationId, access.organizationId),
              isNull(openings.deletedAt),
              scope,
              search ? ilike(openings.title, search) : undefined,
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
        const page = pageFrom(rows, limit, (row) => ({ at: row.createdAt, id: row.id }));
        const counts = await applicationCounts(
          ctx.db,
          page.items.map((row) => row.id),
        );
        return ok({
          items: page.items.map((row) =>
            presentOpeningListItem(row, counts.get(row.id) ?? 0, abilitiesFor(actor, access, row)),
          ),
          nextCursor: page.nextCursor,
        });
      },
    );

    app.post(
      '/api/organization/openings',
      { ...authenticated, schema: actingForOrganization(createOpeningSchema) },
      async (request) => {
        const actor = actorOf(request);
        const input = request.body;
        const opening = await ctx.db.transaction(async (tx) => {
          const access = await organizationAccessOf(tx, request, actor);
          authorize(actor, 'opening.create', access);
          await assertOwnGroups(tx, access, input.eligibility.groupIds, 'eligibility.groupIds');
          const [row] = await tx
            .insert(openings)
            .values({
              organizationId: access.organizationId,
              ...columnsFrom(input, 'draft'),
              currentFormVersion: input.form ? 1 : null,
            })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          if (input.form)
            await tx.insert(openingFormVersions).values({ openingId: row.id, version: 1, definition: input.form });
          await recordAudit(tx, access.organizationId, actor.user.id, {
            kind: 'opening.created',
            openingId: row.id,
            details: { title: row.title, status: row.status },
          });
          if (row.status === 'open') await notifyNewOpeningToFollowers(tx, row.id);
          return presentOne(tx, actor, access, row);
        });
        return ok(opening, 'Opening created');
      },
    );

    app.get(
      '/api/organization/openings/id',
      { ...authenticated, schema: actingForOrganization(getOpeningSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const row = await loadOrganizationOpening(ctx.db, actor, access, request.query.id, 'opening.view');
        return ok(await presentOne(ctx.db, actor, access, row));
      },
    );

    app.put(
      '/api/organization/openings/id',
      { ...authenticated, schema: actingForOrganization(updateOpeningSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { id, opening: input } = request.body;
        const opening = await ctx.db.transaction(async (tx) => {
          const access = await organizationAccessOf(tx, request, actor);
          const row = await loadOrganizationOpening(tx, actor, access, id, 'opening.change', 'update');
          await assertOwnGroups(tx, access, input.eligibility.groupIds, 'opening.eligibility.groupIds');
          let version = row.currentFormVersion;
          let formChanged = false;
          if (input.form) {
            const previous = await currentForm(tx, row);
            if (!previous || canonical(previous.definition) !== canonical(input.form)) {
              const [latest] = await tx
                .select({ max: sql<number | null>`max(${openingFormVersions.version})` })
                .from(openingFormVersions)
                .where(eq(openingFormVersions.openingId, row.id));
              version = Number(latest?.max ?? 0) + 1;
              await tx.insert(openingFormVersions).values({ openingId: row.id, version, definition: input.form });
              formChanged = Boolean(previous);
              await recordAudit(tx, access.organizationId, actor.user.id, {
                kind: 'form.versionSaved',
                openingId: row.id,
                details: { version },
              });
            }
          }
          const [updated] = await tx
            .update(openings)
            .set({ ...columnsFrom(input, row.status), currentFormVersion: version, updatedAt: sql`now()` })
            .where(eq(openings.id, row.id))
            .returning();
          if (!updated) throw errors.notFound('That opening');
          await recordAudit(tx, access.organizationId, actor.user.id, {
            kind: 'opening.edited',
            openingId: row.id,
            details: { title: updated.title },
          });
          if (updated.status !== row.status) {
            await recordAudit(tx, access.organizationId, actor.user.id, {
              kind: 'opening.statusChanged',
              openingId: row.id,
              details: { from: row.status, to: updated.status },
            });
          }
          await notifyOpeningUpdated(tx, row, updated, formChanged && version !== null ? version : null);
          return presentOne(tx, actor, access, updated);
        });
        return ok(opening, 'Opening saved');
      },
    );

    app.post(
      '/api/organization/openings/id/status',
      { ...authenticated, schema: actingForOrganization(changeOpeningStatusSchema) },
      async (request) => {
        const actor = actorOf(request);
        const opening = await ctx.db.transaction(async (tx) => {
          const access = await organizationAccessOf(tx, request, actor);
          const row = await loadOrganizationOpening(tx, actor, access, request.body.id, 'opening.change', 'update');
          const [updated] = await tx
            .update(openings)
            .set({ status: request.body.status, updatedAt: sql`now()` })
            .where(eq(openings.id, row.id))
            .returning();
          if (!updated) throw errors.notFound('That opening');
          if (updated.status !== row.status) {
            await recordAudit(tx, access.organizationId, actor.user.id, {
              kind: 'opening.statusChanged',
              openingId: row.id,
              details: { from: row.status, to: updated.status },
            });
          }
          await notifyOpeningUpdated(tx, row, updated, null);
          return presentOne(tx, actor, access, updated);
        });
        return ok(opening, request.body.status === 'closed' ? 'Opening closed' : 'Opening updated');
      },
    );

    app.post(
      '/api/organization/openings/id/duplicate',
      { ...authenticated, schema: actingForOrganization(duplicateOpeningSchema) },
      async (request) => {
        const actor = actorOf(request);
        const opening = await ctx.db.transaction(async (tx) => {
          const access = await organizationAccessOf(tx, request, actor);
          const row = await loadOrganizationOpening(tx, actor, access, request.body.id, 'opening.view');
          authorize(actor, 'opening.create', access);
          const form = await currentForm(tx, row);
          const { id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, ...copy } = row;
          const [created] = await tx
            .insert(openings)
            .values({
              ...copy,
              title: `${row.title} (copy)`.slice(0, 200),
              status: 'draft',
              currentFormVersion: form ? 1 : null,
            })
            .returning();
          if (!created) throw new Error('insert returned nothing');
          if (form)
            await tx
              .insert(openingFormVersions)
              .values({ openingId: created.id, version: 1, definition: form.definition });
          await recordAudit(tx, access.organizationId, actor.user.id, {
            kind: 'opening.created',
            openingId: created.id,
            details: { title: created.title, status: created.status, duplicateOf: row.id },
          });
          return presentOne(tx, actor, access, created);
        });
        return ok(opening, 'Opening duplicated as a draft');
      },
    );

    app.post('/api/placements/campus/externalApplyLink', { schema: externalApplyLinkSchema }, async (request) => {
      const authorization = request.headers.authorization;
      const actor = authorization ? await ctx.authenticate.resolveActor(authorization) : null;
      const [row] = await ctx.db
        .select()
        .from(openings)
        .where(and(eq(openings.id, request.body.openingId), isNull(openings.deletedAt)));
      // Drafts and other organizations' unpublished openings are indistinguishable from missing ones.
      if (!row || row.status === 'draft' || row.applyMode !== 'external' || !row.externalLink) {
        throw errors.notFound('That opening');
      }
      if (row.status === 'closed' || row.deadline.getTime() <= Date.now()) {
        throw errors.conflict('This opening is no longer accepting applications.');
      }
      await ctx.db.insert(externalApplyClicks).values({ openingId: row.id, userId: actor?.user.id ?? null });
      return ok({ url: row.externalLink });
    });

    app.delete(
      '/api/organization/openings',
      { ...authenticated, schema: actingForOrganization(deleteOpeningSchema) },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction(async (tx) => {
          const access = await organizationAccessOf(tx, request, actor);
          const row = await loadOrganizationOpening(tx, actor, access, request.query.id, 'opening.change', 'update');
          await tx
            .update(openings)
            .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(openings.id, row.id));
          await recordAudit(tx, access.organizationId, actor.user.id, {
            kind: 'opening.deleted',
            openingId: row.id,
            details: { title: row.title },
          });
        });
        return ok({ id: request.query.id }, 'Opening deleted');
      },
    );
  };
}
