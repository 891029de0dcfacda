import { EXPORT_TOTAL_ROWS_HEADER, type FormDefinition } from '@placely/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  applicationRevisions,
  applications,
  individualProfiles,
  openingFormVersions,
  openings,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { canSeeContacts, type OrganizationAccess } from '../../policies/organization';
import { type ApplicationRow, presentReceivedApplication } from '../../presenters/application';
import { withoutContactAnswers } from '../../services/applications/contacts';
import { csvStream, EXPORT_CONTENT_TYPES, planExport, xlsxStream } from '../../services/applications/export';
import {
  type ApplicantVerification,
  loadApplicantVerifications,
  verifiedAnswersFor,
} from '../../services/applications/verified';
import { organizationAccessOf, recordAudit } from '../../services/organizations';
import { exportResponsesSchema, listResponsesSchema, responseDetailSchema } from './schema';

/** A live opening of the organization acted for; anyone else's is a 404 so ids reveal nothing. */
async function loadReviewableOpening(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  id: string,
  action: 'opening.viewApplications' | 'opening.export' = 'opening.viewApplications',
) {
  const [row] = await db
    .select()
    .from(openings)
    .where(and(eq(openings.id, id), isNull(openings.deletedAt), eq(openings.organizationId, access.organizationId)));
  if (!row) throw errors.notFound('That opening');
  authorize(actor, action, { access, opening: row });
  return row;
}

async function formsFor(db: Executor, openingId: string, versions: number[]) {
  if (versions.length === 0) return [];
  const rows = await db
    .select({ version: openingFormVersions.version, definition: openingFormVersions.definition })
    .from(openingFormVersions)
    .where(and(eq(openingFormVersions.openingId, openingId), inArray(openingFormVersions.version, versions)))
    .orderBy(asc(openingFormVersions.version));
  return rows.map((row) => ({ version: row.version, definition: row.definition as FormDefinition }));
}

const applicantName = sql<string | null>`coalesce(${individualProfiles.name}, ${users.name})`;

/** What the organization may trust in one application: the verified records and the answers they back. */
function verificationOf(
  application: ApplicationRow,
  definition: FormDefinition | undefined,
  verifications: Map<number, ApplicantVerification>,
) {
  const verification = verifications.get(application.applicantId);
  return {
    verifiedAnswers: verifiedAnswersFor(definition, application.answers, verification),
    verifiedRecords: verification?.records ?? [],
  };
}

/** The stable in-app address of an applicant's file: it opens the application and fetches a fresh signed link. */
export function applicantFileLink(publicUrl: string, openingId: string, applicationId: string, fileId: string) {
  const query = new URLSearchParams({ opening: openingId, application: applicationId, file: fileId });
  return `${publicUrl}/organization/openings?${query}`;
}

export function responseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get(
      '/api/organization/openings/id/applications',
      { ...authenticated, schema: listResponsesSchema },
      async (request) => {
        const actor = actorOf(request);
        const { id, order, limit, stageId } = request.query;
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadReviewableOpening(ctx.db, actor, access, id);
        const cursor = decodeTimeCursor(request.query.cursor);
        const newest = order === 'newest';
        const beyond = (column: typeof applications.submittedAt | typeof applications.id, value: Date | string) =>
          newest ? lt(column, value) : gt(column, value);
        const [rows, [total]] = await Promise.all([
          ctx.db
            .select({ application: applications, name: applicantName, email: users.email })
            .from(applications)
            .innerJoin(users, eq(users.id, applications.applicantId))
            .leftJoin(individualProfiles, eq(individualProfiles.userId, applications.applicantId))
            .where(
              and(
                eq(applications.openingId, opening.id),
                stageId ? eq(applications.stageId, stageId) : undefined,
                cursor
                  ? or(
                      beyond(applications.submittedAt, cursor.at),
                      and(eq(applications.submittedAt, cursor.at), beyond(applications.id, cursor.id)),
                    )
                  : undefined,
              ),
            )
            .orderBy(
              ...(newest
                ? [desc(applications.submittedAt), desc(applications.id)]
                : [asc(applications.submittedAt), asc(applications.id)]),
            )
            .limit(limit + 1),
          ctx.db
            .select({ n: count() })
            .from(applications)
            .where(
              and(eq(applications.openingId, opening.id), stageId ? eq(applications.stageId, stageId) : undefined),
            ),
        ]);
        const page = pageFrom(rows, limit, ({ application }) => ({
          at: application.submittedAt,
          id: application.id,
        }));
        const versions = new Set(page.items.map(({ application }) => application.formVersion));
        if (opening.currentFormVersion !== null) versions.add(opening.currentFormVersion);
        const [forms, verifications] = await Promise.all([
          formsFor(ctx.db, opening.id, [...versions]),
          loadApplicantVerifications(
            ctx.db,
            page.items.map(({ application }) => application.applicantId),
          ),
        ]);
        const definitionOf = new Map(forms.map((form) => [form.version, form.definition]));
        return ok({
          items: page.items.map(({ application, name, email }) =>
            presentReceivedApplication(
              canSeeContacts(access)
                ? application
                : {
                    ...application,
                    answers: withoutContactAnswers(application.answers, definitionOf.get(application.formVersion)),
                  },
              { id: application.applicantId, name, email: canSeeContacts(access) ? email : null },
              verificationOf(application, definitionOf.get(application.formVersion), verifications),
            ),
          ),
          nextCursor: page.nextCursor,
          forms,
          total: Number(total?.n ?? 0),
        });
      },
    );

    app.get(
      '/api/organization/openings/id/applications/one',
      { ...authenticated, schema: responseDetailSchema },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadReviewableOpening(ctx.db, actor, access, request.query.id);
        const [row] = await ctx.db
          .select({ application: applications, name: applicantName, email: users.email })
          .from(applications)
          .innerJoin(users, eq(users.id, applications.applicantId))
          .leftJoin(individualProfiles, eq(individualProfiles.userId, applications.applicantId))
          .where(and(eq(applications.id, request.query.applicationId), eq(applications.openingId, opening.id)));
        if (!row) throw errors.notFound('That application');
        const revisions = await ctx.db
          .select()
          .from(applicationRevisions)
          .where(eq(applicationRevisions.applicationId, row.application.id))
          .orderBy(asc(applicationRevisions.revision));
        const versions = new Set([row.application.formVersion, ...revisions.map((r) => r.formVersion)]);
        const [forms, verifications] = await Promise.all([
          formsFor(ctx.db, opening.id, [...versions]),
          loadApplicantVerifications(ctx.db, [row.application.applicantId]),
        ]);
        const definition = forms.find((form) => form.version === row.application.formVersion)?.definition;
        await recordAudit(ctx.db, access.organizationId, actor.user.id, {
          kind: 'application.opened',
          openingId: opening.id,
          applicationId: row.application.id,
        });
        return ok({
          ...presentReceivedApplication(
            canSeeContacts(access)
              ? row.application
              : { ...row.application, answers: withoutContactAnswers(row.application.answers, definition) },
            { id: row.application.applicantId, name: row.name, email: canSeeContacts(access) ? row.email : null },
            verificationOf(row.application, definition, verifications),
          ),
          revisions: revisions.map((revision) => ({
            revision: revision.revision,
            formVersion: revision.formVersion,
            answers: canSeeContacts(access)
              ? revision.answers
              : withoutContactAnswers(
                  revision.answers,
                  forms.find((form) => form.version === revision.formVersion)?.definition,
                ),
            at: revision.createdAt.toISOString(),
          })),
          forms,
        });
      },
    );

    app.get(
      '/api/organization/openings/id/applications/export',
      { ...authenticated, schema: exportResponsesSchema },
      async (request, reply) => {
        const actor = actorOf(request);
        const { id, format } = request.query;
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadReviewableOpening(ctx.db, actor, access, id, 'opening.export');
        const plan = await planExport(ctx.db, opening.id, (applicationId, fileId) =>
          applicantFileLink(ctx.publicUrl(), opening.id, applicationId, fileId),
        );
        await recordAudit(ctx.db, access.organizationId, actor.user.id, {
          kind: 'export.downloaded',
          openingId: opening.id,
          details: { format, rows: plan.total },
        });
        const day = new Date().toISOString().slice(0, 10);
        const fileName = `${opening.title} applications ${day}.${format}`;
        const body =
          format === 'csv' ? csvStream(ctx.db, opening.id, plan) : xlsxStream(ctx.db, opening.id, plan, opening.title);
        return reply
          .header('Content-Type', EXPORT_CONTENT_TYPES[format])
          .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
          .header(EXPORT_TOTAL_ROWS_HEADER, String(plan.total))
          .header('Access-Control-Expose-Headers', `${EXPORT_TOTAL_ROWS_HEADER}, Content-Disposition`)
          .header('Cache-Control', 'private, no-store')
          .send(body);
      },
    );
  };
}
