import { SHORTLIST_LIMITS, SHORTLIST_MESSAGES } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { applicationFiles, files, shareLinks, shortlistEntries } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { presentShareLink } from '../../presenters/shortlist';
import { signFileLink } from '../../services/file-links';
import { organizationAccessOf, recordAudit } from '../../services/organizations';
import {
  confirmReviewerCode,
  createShareLink,
  recordLinkView,
  resolveLink,
  saveVerdict,
  sendReviewerCode,
  shareLinksOf,
} from '../../services/shortlisting/share-links';
import { loadShortlist, shortlistCandidates } from '../../services/shortlisting/shortlists';
import {
  createLinkSchema,
  listLinksSchema,
  reviewerCodeSchema,
  reviewerConfirmSchema,
  revokeLinkSchema,
  sharedFileSchema,
  verdictRouteSchema,
  viewSharedSchema,
} from './schema';

/** The address a visitor opens: the top-level /shortlisting page (spec §2) with the token. */
const shareUrl = (publicUrl: string, token: string) => `${publicUrl}/shortlisting?link=${token}`;

/**
 * Share links: the organization creates, lists and revokes them at /sharable/link (spec §7); visitors without an
 * account read the shortlist, leave verdicts and open allowed files beside it, with the token as the only credential.
 */
export function shareLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = '/api/organization/shortlisting/sharable';

    app.post(`${base}/link`, { ...authenticated, schema: actingForOrganization(createLinkSchema) }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { shortlistId, fields, expiresInDays, label, requireEmail } = request.body;
      const { row, token } = await ctx.db.transaction(async (tx) => {
        const { shortlist, opening } = await loadShortlist(tx, actor, access, shortlistId, 'shortlist.share', true);
        const created = await createShareLink(tx, {
          shortlist,
          createdBy: actor.user.id,
          fields,
          expiresInDays,
          label,
          requireEmail,
        });
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'shareLink.created',
          openingId: opening.id,
          details: {
            shortlistId: shortlist.id,
            shortlistName: shortlist.name,
            linkId: created.row.id,
            fields: created.row.fields.join(','),
            requireEmail: String(created.row.requireEmail),
            expiresAt: created.row.expiresAt.toISOString(),
          },
        });
        return created;
      });
      return ok(
        presentShareLink(row, actor.user.name ?? null, shareUrl(ctx.publicUrl(), token)),
        SHORTLIST_MESSAGES.linkCreated,
      );
    });

    app.get(`${base}/link`, { ...authenticated, schema: actingForOrganization(listLinksSchema) }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { shortlist } = await loadShortlist(ctx.db, actor, access, request.query.shortlistId, 'shortlist.view');
      const rows = await shareLinksOf(ctx.db, shortlist.id);
      return ok({ items: rows.map(({ link, createdByName }) => presentShareLink(link, createdByName)) });
    });

    app.delete(
      `${base}/link`,
      { ...authenticated, schema: actingForOrganization(revokeLinkSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const revoked = await ctx.db.transaction(async (tx) => {
          const [found] = await tx
            .select({ shortlistId: shareLinks.shortlistId })
            .from(shareLinks)
            .where(eq(shareLinks.id, request.query.id));
          if (!found) throw errors.notFound('That link');
          // Scoped to the organization acted for: another organization's link is a 404 like an unknown one.
          const { shortlist, opening } = await loadShortlist(
            tx,
            actor,
            access,
            found.shortlistId,
            'shortlist.share',
            true,
          ).catch((error: unknown) => {
            throw error instanceof Error && 'code' in error && error.code === 'NOT_FOUND'
              ? errors.notFound('That link')
              : error;
          });
          const [row] = await tx
            .update(shareLinks)
            .set({
              revokedAt: sql`coalesce(${shareLinks.revokedAt}, now())`,
              revokedBy: sql`coalesce(${shareLinks.revokedBy}, ${actor.user.id})`,
            })
            .where(eq(shareLinks.id, request.query.id))
            .returning();
          if (!row) throw errors.notFound('That link');
          await recordAudit(tx, access.organizationId, actor.user.id, {
            kind: 'shareLink.revoked',
            openingId: opening.id,
            details: { shortlistId: shortlist.id, shortlistName: shortlist.name, linkId: row.id },
          });
          return row;
        });
        const [listed] = await shareLinksOf(ctx.db, revoked.shortlistId).then((rows) =>
          rows.filter(({ link }) => link.id === revoked.id),
        );
        return ok(presentShareLink(revoked, listed?.createdByName ?? null), SHORTLIST_MESSAGES.linkRevoked);
      },
    );

    // Public: the link's token is the credential. Nothing here reads the caller's session.
    app.get(`${base}/view`, { schema: viewSharedSchema }, async (request) => {
      const resolved = await resolveLink(ctx.db, request.query.link);
      const page = await ctx.db.transaction(async (tx) => {
        await recordLinkView(tx, resolved.link.id);
        return shortlistCandidates(
          tx,
          resolved.shortlist,
          {
            fields: resolved.link.fields,
            contactsAllowed: true,
            linkId: resolved.link.id,
            alwaysStage: false,
            viewerId: null,
          },
          { limit: SHORTLIST_LIMITS.maxEntries },
        );
      });
      return ok({
        name: resolved.shortlist.name,
        openingTitle: resolved.openingTitle,
        organizationName: resolved.organizationName,
        fields: resolved.link.fields,
        expiresAt: resolved.link.expiresAt.toISOString(),
        requireEmail: resolved.link.requireEmail,
        candidates: page.items,
      });
    });

    app.post(
      `${base}/verdict`,
      {
        schema: verdictRouteSchema,
        // Per client (address), before anything is read; the per-link hour is counted in the database (saveVerdict).
        config: {
          rateLimit: {
            max: SHORTLIST_LIMITS.verdictsPerClientPerMinute,
            timeWindow: '1 minute',
            errorResponseBuilder: () => errors.rateLimited(SHORTLIST_MESSAGES.verdictsPerClient),
          },
        },
      },
      async (request) => {
        const saved = await ctx.db.transaction(async (tx) => {
          const resolved = await resolveLink(tx, request.body.link);
          const { saved: row, digest } = await saveVerdict(tx, resolved, request.body);
          return { row, digest, label: resolved.link.label };
        });
        // After commit: the link's digest job (one per due time; scheduling it again keeps one).
        await ctx.notificationQueue.scheduleVerdictDigest(saved.digest);
        return ok(
          {
            id: saved.row.id,
            applicationId: saved.row.applicationId,
            visitorName: saved.row.visitorName,
            visitorEmail: saved.row.visitorEmail,
            verdict: saved.row.verdict,
            comment: saved.row.comment,
            at: saved.row.updatedAt.toISOString(),
            linkLabel: null,
          },
          SHORTLIST_MESSAGES.verdictSaved,
        );
      },
    );

    // A visitor confirms an email address: a code by mail (per client a minute, per address and link an hour), then
    // the code for a reviewer token that the visitor's verdicts carry.
    app.post(
      `${base}/email/code`,
      {
        schema: reviewerCodeSchema,
        config: {
          rateLimit: {
            max: SHORTLIST_LIMITS.emailCodesPerClientPerMinute,
            timeWindow: '1 minute',
            errorResponseBuilder: () => errors.rateLimited(),
          },
        },
      },
      async (request) => {
        await ctx.db.transaction(async (tx) => {
          const resolved = await resolveLink(tx, request.body.link);
          await sendReviewerCode(tx, resolved, request.body.email);
        });
        return ok({ email: request.body.email }, SHORTLIST_MESSAGES.emailCodeSent(request.body.email));
      },
    );

    app.post(
      `${base}/email/confirm`,
      {
        schema: reviewerConfirmSchema,
        config: {
          rateLimit: {
            max: SHORTLIST_LIMITS.verdictsPerClientPerMinute,
            timeWindow: '1 minute',
            errorResponseBuilder: () => errors.rateLimited(),
          },
        },
      },
      async (request) => {
        const resolved = await resolveLink(ctx.db, request.body.link);
        const reviewerToken = await confirmReviewerCode(ctx.db, resolved, request.body.email, request.body.code);
        return ok({ email: request.body.email, reviewerToken }, SHORTLIST_MESSAGES.emailConfirmed);
      },
    );

    app.get(`${base}/file`, { schema: sharedFileSchema }, async (request) => {
      const resolved = await resolveLink(ctx.db, request.query.link);
      if (!resolved.link.fields.includes('resume')) {
        throw errors.forbidden('This link does not show resumes or files.');
      }
      // Only a file sent with an application on this shortlist; anything else is not there for the visitor.
      const [file] = await ctx.db
        .select({ id: files.id })
        .from(applicationFiles)
        .innerJoin(files, eq(files.id, applicationFiles.fileId))
        .innerJoin(
          shortlistEntries,
          and(
            eq(shortlistEntries.applicationId, applicationFiles.applicationId),
            eq(shortlistEntries.shortlistId, resolved.shortlist.id),
          ),
        )
        .where(
          and(
            eq(applicationFiles.applicationId, request.query.applicationId),
            eq(applicationFiles.fileId, request.query.fileId),
            eq(files.status, 'ready'),
          ),
        );
      if (!file) throw errors.notFound('That file');
      return ok(await signFileLink(ctx.config.jwtSecret, file.id));
    });
  };
}
