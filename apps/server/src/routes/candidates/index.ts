import { CANDIDATE_MESSAGES } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { applicationNotes, candidateTags } from '../../db/schema';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { lockOrganization, organizationAccessOf, recordAudit } from '../../services/organizations';
import {
  applyTag,
  candidateSummary,
  createTag,
  loadOpeningApplication,
  loadOwnNote,
  loadTag,
  notesOf,
  presentNote,
  tagsOf,
} from '../../services/shortlisting/candidates';
import {
  addNoteRouteSchema,
  applyTagRouteSchema,
  candidateRouteSchema,
  createTagRouteSchema,
  deleteNoteRouteSchema,
  deleteTagRouteSchema,
  listNotesRouteSchema,
  listTagsRouteSchema,
  updateNoteRouteSchema,
} from './schema';

/** The candidate side panel: its facts, the organization's notes, and the organization's candidate tags. */
export function candidateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = '/api/organization/shortlisting';

    app.get(`${base}/candidate`, { ...authenticated, schema: candidateRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'candidate.view');
      const application = await loadOpeningApplication(ctx.db, opening.id, request.query.applicationId);
      return ok(await candidateSummary(ctx.db, actor, access, opening, application));
    });

    app.get(`${base}/notes`, { ...authenticated, schema: listNotesRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'candidate.view');
      const application = await loadOpeningApplication(ctx.db, opening.id, request.query.applicationId);
      return ok({ items: await notesOf(ctx.db, actor, application.id) });
    });

    app.post(`${base}/notes`, { ...authenticated, schema: addNoteRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, applicationId, body } = request.body;
      const note = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'note.add');
        const application = await loadOpeningApplication(tx, opening.id, applicationId);
        const [row] = await tx
          .insert(applicationNotes)
          .values({ applicationId: application.id, openingId: opening.id, authorId: actor.user.id, body })
          .returning();
        if (!row) throw new Error('note insert returned nothing');
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'note.added',
          openingId: opening.id,
          applicationId: application.id,
        });
        return presentNote(row, actor.user.name, actor);
      });
      return ok(note, CANDIDATE_MESSAGES.noteAdded);
    });

    app.patch(`${base}/notes`, { ...authenticated, schema: updateNoteRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, noteId, body } = request.body;
      const note = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'candidate.view');
        const own = await loadOwnNote(tx, actor, access, opening, noteId);
        const [row] = await tx
          .update(applicationNotes)
          .set({ body, updatedAt: sql`now()` })
          .where(eq(applicationNotes.id, own.id))
          .returning();
        if (!row) throw new Error('note update returned nothing');
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'note.edited',
          openingId: opening.id,
          applicationId: own.applicationId,
        });
        return presentNote(row, actor.user.name, actor);
      });
      return ok(note, CANDIDATE_MESSAGES.noteSaved);
    });

    app.delete(`${base}/notes`, { ...authenticated, schema: deleteNoteRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, noteId } = request.query;
      await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'candidate.view');
        const own = await loadOwnNote(tx, actor, access, opening, noteId);
        await tx.delete(applicationNotes).where(eq(applicationNotes.id, own.id));
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'note.deleted',
          openingId: opening.id,
          applicationId: own.applicationId,
        });
      });
      return ok({ id: noteId }, CANDIDATE_MESSAGES.noteDeleted);
    });

    app.get(`${base}/tags`, { ...authenticated, schema: listTagsRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      authorize(actor, 'tag.view', access);
      return ok({
        items: await tagsOf(ctx.db, access.organizationId),
        abilities: { manage: can(actor, 'tag.manage', access) },
      });
    });

    app.post(`${base}/tags`, { ...authenticated, schema: createTagRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      authorize(actor, 'tag.manage', access);
      const tag = await ctx.db.transaction(async (tx) => {
        await lockOrganization(tx, access.organizationId);
        return createTag(tx, access.organizationId, request.body.name);
      });
      return ok(tag, CANDIDATE_MESSAGES.tagCreated);
    });

    app.delete(`${base}/tags`, { ...authenticated, schema: deleteTagRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      authorize(actor, 'tag.manage', access);
      await ctx.db.transaction(async (tx) => {
        const tag = await loadTag(tx, access.organizationId, request.query.tagId, 'tagId');
        await tx.delete(candidateTags).where(eq(candidateTags.id, tag.id));
      });
      return ok({ id: request.query.tagId }, CANDIDATE_MESSAGES.tagDeleted);
    });

    app.post(`${base}/tags/apply`, { ...authenticated, schema: applyTagRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, ...input } = request.body;
      const changed = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'tag.apply');
        await loadTag(tx, access.organizationId, input.tagId, 'tagId');
        return applyTag(tx, opening, input);
      });
      return ok(
        { changed },
        input.action === 'add' ? CANDIDATE_MESSAGES.tagged(changed) : CANDIDATE_MESSAGES.untagged(changed),
      );
    });
  };
}
