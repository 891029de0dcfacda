import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '@placely/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { openingStages, organizationAuditEvents } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf } from '../../services/organizations';
import { loadOpeningApplication } from '../../services/shortlisting/candidates';
import {
  cancelMessage,
  createTemplate,
  deleteTemplate,
  messageById,
  messagesOf,
  presentMessageTemplate,
  templatePage,
  updateTemplate,
  writeMessages,
} from '../../services/shortlisting/messages';
import { moveApplications } from '../../services/shortlisting/pipeline';
import {
  cancelMessageRouteSchema,
  candidateMessagesRouteSchema,
  createTemplateRouteSchema,
  deleteTemplateRouteSchema,
  rejectRouteSchema,
  sendMessagesRouteSchema,
  templatesRouteSchema,
  updateTemplateRouteSchema,
} from './schema';

/** Rejecting one candidate, messages to candidates and the organization's message templates (issue #40). */
export function messageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = '/api/organization/shortlisting';

    app.get(`${base}/templates`, { ...authenticated, schema: templatesRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      authorize(actor, 'messageTemplate.view', access);
      const { rows, total } = await templatePage(ctx.db, access.organizationId, request.query.page);
      return ok({
        items: rows.map(presentMessageTemplate),
        total,
        page: request.query.page,
        pageSize: MESSAGE_LIMITS.templatesPageSize,
        abilities: { manage: can(actor, 'messageTemplate.manage', access) },
      });
    });

    app.post(`${base}/templates`, { ...authenticated, schema: createTemplateRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      authorize(actor, 'messageTemplate.manage', access);
      const created = await ctx.db.transaction((tx) => createTemplate(tx, actor, access.organizationId, request.body));
      return ok(presentMessageTemplate(created), MESSAGE_TEXTS.templateCreated);
    });

    app.patch(`${base}/templates`, { ...authenticated, schema: updateTemplateRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      authorize(actor, 'messageTemplate.manage', access);
      const { id, ...input } = request.body;
      const updated = await ctx.db.transaction((tx) => updateTemplate(tx, actor, access.organizationId, id, input));
      return ok(presentMessageTemplate(updated), MESSAGE_TEXTS.templateUpdated);
    });

    app.delete(`${base}/templates`, { ...authenticated, schema: deleteTemplateRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      authorize(actor, 'messageTemplate.manage', access);
      await ctx.db.transaction((tx) => deleteTemplate(tx, actor, access.organizationId, request.query.id));
      return ok({ id: request.query.id }, MESSAGE_TEXTS.templateDeleted);
    });

    app.post(`${base}/messages`, { ...authenticated, schema: sendMessagesRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, sendAt, ...letter } = request.body;
      const at = sendAt ? new Date(sendAt) : undefined;
      const result = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'message.send', 'share');
        return writeMessages(tx, actor, access, opening, { ...letter, kind: 'message', sendAt: at });
      });
      if (at && result.written > 0) await ctx.notificationQueue.scheduleMessageBatch(result.batchId, at);
      const message =
        result.written === 0
          ? MESSAGE_TEXTS.none
          : at
            ? MESSAGE_TEXTS.scheduled(result.written)
            : MESSAGE_TEXTS.sent(result.written);
      return ok({ written: result.written, scheduled: at !== undefined }, message);
    });

    app.post(`${base}/reject`, { ...authenticated, schema: rejectRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, applicationId, reason, message, sendAt } = request.body;
      const at = sendAt ? new Date(sendAt) : undefined;
      if (at && !message)
        throw errors.validation([{ field: 'sendAt', message: 'A time to send needs a message to send' }]);
      const result = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'candidate.reject', 'share');
        const application = await loadOpeningApplication(tx, opening.id, applicationId);
        if (application.status === 'withdrawn') throw errors.conflict('This candidate withdrew their application.');
        const [rejected] = await tx
          .select()
          .from(openingStages)
          .where(and(eq(openingStages.openingId, opening.id), eq(openingStages.kind, 'rejected')));
        if (!rejected) throw new Error('opening without a Rejected stage');
        const move = await moveApplications(tx, actor, access, opening, {
          toStageId: rejected.id,
          applicationIds: [application.id],
          reason,
        });
        const written = message
          ? await writeMessages(tx, actor, access, opening, {
              ...message,
              kind: 'rejection',
              applicationIds: [application.id],
              sendAt: at,
            })
          : null;
        await tx.insert(organizationAuditEvents).values({
          organizationId: access.organizationId,
          actorUserId: actor.user.id,
          kind: 'candidate.rejected',
          openingId: opening.id,
          applicationId: application.id,
          details: { reason, mail: message ? (at ? at.toISOString() : 'now') : 'none' },
        });
        const id = written?.ids[0];
        return { moved: move.moved > 0, batchId: written?.batchId, message: id ? await messageById(tx, id) : null };
      });
      if (at && result.batchId && result.message) await ctx.notificationQueue.scheduleMessageBatch(result.batchId, at);
      const text = !result.message
        ? MESSAGE_TEXTS.rejected
        : at
          ? MESSAGE_TEXTS.rejectedAndScheduled
          : MESSAGE_TEXTS.rejectedAndSent;
      return ok({ moved: result.moved, message: result.message }, text);
    });

    app.get(`${base}/messages`, { ...authenticated, schema: candidateMessagesRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, applicationId, before } = request.query;
      const opening = await loadOrganizationOpening(ctx.db, actor, access, openingId, 'message.view');
      const application = await loadOpeningApplication(ctx.db, opening.id, applicationId);
      const page = await messagesOf(ctx.db, opening.id, application.id, before);
      return ok({ ...page, abilities: { send: can(actor, 'message.send', { access, opening }) } });
    });

    app.post(`${base}/messages/cancel`, { ...authenticated, schema: cancelMessageRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, messageId } = request.body;
      const message = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'message.send');
        return cancelMessage(tx, actor, access, opening, messageId);
      });
      return ok(message, MESSAGE_TEXTS.cancelled);
    });
  };
}
