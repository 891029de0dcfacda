import { EXPORT_TOTAL_ROWS_HEADER, type FormDefinition, GRADE_SCALES, type GradeScale } from '@placely/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorFromFirstRead, actorOf, claimsOf, signedInColumns } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { applicationRevisions, applications, openingFormVersions, openings, users } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { createCursorSigner } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { canSeeContacts } from '../../policies/organization';
import { presentReceivedApplication, type ReceivedApplicationRow } from '../../presenters/application';
import { withoutContactAnswers } from '../../services/applications/contacts';
import {
  csvStream,
  EXPORT_CONTENT_TYPES,
  exportViewerOf,
  type FileLink,
  planExport,
  xlsxStream,
} from '../../services/applications/export';
import { formUrlEncoded } from '../../services/applications/export-cells';
import { formSummary } from '../../services/applications/summary';
import {
  type ApplicantVerification,
  loadApplicantVerifications,
  verifiedAnswersFor,
} from '../../services/applications/verified';
import {
  currentFormColumn,
  loadOrganizationOpening,
  namedOpeningOfOrganization,
} from '../../services/organization-openings';
import {
  accessFromMembership,
  actingForOf,
  membershipOfCaller,
  organizationAccessOf,
  recordAudit,
} from '../../services/organizations';
import { filtersBeyondStage, readyForFilter } from '../../services/shortlisting/filters';
import { scoresVisibleTo } from '../../services/shortlisting/ranking';
import { currentRankingBuild } from '../../services/shortlisting/ranking-store';
import { filteredResponsePage, filteredTotal } from './filtered';
import {
  orderedPage,
  type PageRow,
  type Position,
  pageColumns,
  pageRowsOfApplications,
  responseCursors,
} from './orders';
import { exportResponsesSchema, formSummaryRouteSchema, listResponsesSchema, responseDetailSchema } from './schema';

async function formsFor(db: Executor, openingId: string, versions: number[]) {
  if (versions.length === 0) return [];
  const rows = await db
    .select({ version: openingFormVersions.version, definition: openingFormVersions.definition })
    .from(openingFormVersions)
    .where(and(eq(openingFormVersions.openingId, openingId), inArray(openingFormVersions.version, versions)))
    .orderBy(asc(openingFormVersions.version));
  return rows.map((row) => ({ version: row.version, definition: row.definition as FormDefinition }));
}

/** The profile facts and score a row shows (the score only where a recipe gives it meaning). */
function factsOf(
  row: Pick<PageRow, 'grade' | 'gradeScale' | 'graduationYear' | 'factsVerified' | 'score'>,
  scored: boolean,
  scoreVisible = true,
) {
  return {
    factsVerified: row.factsVerified,
    grade: row.grade,
    gradeScale: GRADE_SCALES.includes(row.gradeScale as GradeScale) ? (row.gradeScale as GradeScale) : null,
    graduationYear: row.graduationYear,
    score: scored && scoreVisible ? row.score : null,
  };
}

/** What the organization may trust in one application: the verified records and the answers they back. */
function verificationOf(
  application: ReceivedApplicationRow,
  definition: FormDefinition | undefined,
  verifications: Map<number, ApplicantVerification>,
) {
  const verification = verifications.get(application.applicantId);
  return {
    verifiedAnswers: verifiedAnswersFor(definition, application.answers, verification),
    verifiedRecords: verification?.records ?? [],
  };
}

/**
 * The stable in-app address of an applicant's file: it opens the application and fetches a fresh signed link. In SQL
 * too, for the CSV PostgreSQL writes: its query as `URLSearchParams` writes it (the application id is a uuid, which
 * needs no escaping).
 */
export function applicantFileLink(publicUrl: string, openingId: string): FileLink {
  const link = (applicationId: string, fileId: string) =>
    `${publicUrl}/organization/openings?${new URLSearchParams({ opening: openingId, application: applicationId, file: fileId })}`;
  const start = `${publicUrl}/organization/openings?${new URLSearchParams({ opening: openingId })}&application=`;
  return Object.assign(link, {
    sql: (applicationId: SQL, fileId: SQL) =>
      sql`(${start}::text || ${applicationId} || '&file=' || ${formUrlEncoded(fileId)})`,
  });
}

/**
 * One page of the responses view by submission time, newest or oldest first, from the start or after a cursor, of
 * the whole opening or one stage (placeholders: openingId, limit, and at/id, stageId where they apply). The bench runs
 * this same statement as its baseline.
 */
export function responsePageQuery(db: Executor, shape: { newest: boolean; after: boolean; staged: boolean }) {
  const { newest, after, staged } = shape;
  const position = sql`(${applications.submittedAt}, ${applications.id})`;
  const cursor = sql`(${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`;
  return pageRowsOfApplications(db)
    .where(
      and(
        eq(applications.openingId, sql.placeholder('openingId')),
        staged ? eq(applications.stageId, sql.placeholder('stageId')) : undefined,
        after ? (newest ? sql`${position} < ${cursor}` : sql`${position} > ${cursor}`) : undefined,
      ),
    )
    .orderBy(
      ...(newest
        ? [desc(applications.submittedAt), desc(applications.id)]
        : [asc(applications.submittedAt), asc(applications.id)]),
    )
    .limit(sql.placeholder('limit'));
}

/**
 * The responses page's statements, built once: the opening (with its maintained total and current form, prepared
 * once per connection) and one page of applications per order, first or after a cursor. The keyset is a row comparison, so the
 * (opening_id, submitted_at, id) index gives the page as a range whatever its depth.
 */
function createResponseQueries(db: Database) {
  // The caller (user row, session check, membership of the organization the request acts for) and the opening with
  // its maintained total and current form, in one read: a page is two statements. A left join keeps the caller's
  // row when the opening is not the organization's, so the refusal is still decided in order (401, 403, then 404).
  const callerAndOpening = db
    .select({
      ...signedInColumns,
      membership: membershipOfCaller(sql`${sql.placeholder('organizationId')}::bigint`),
      opening: openings,
      total: sql<string | number>`(select coalesce(sum(c.applications), 0) from opening_application_counts c
        where c.opening_id = ${openings.id})`,
      currentForm: currentFormColumn(),
      scored: sql<boolean>`exists(select 1 from ranking_recipes r where r.opening_id = ${openings.id})`,
    })
    .from(users)
    .leftJoin(openings, namedOpeningOfOrganization())
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('responses_caller_opening');
  // Unnamed on purpose, so each page is planned with its values (an index range). A named statement soon runs a
  // generic plan: with `limit $n` that plan merged the whole opening in parallel (8.7 ms against 0.7 ms); with the
  // limit written in, the plan cache would keep planning per request on data with many openings anyway
  // (bench/results/hot-paths.md, 2026-11-27 13:06).
  const pageQuery = (newest: boolean, after: boolean, staged = false) =>
    responsePageQuery(db, { newest, after, staged }).prepare('');
  const stageCount = db
    .select({ n: count() })
    .from(applications)
    .where(
      and(
        eq(applications.openingId, sql.placeholder('openingId')),
        eq(applications.stageId, sql.placeholder('stageId')),
      ),
    )
    .prepare('');
  return {
    callerAndOpening,
    stageCount,
    stagePages: {
      newest: { first: pageQuery(true, false, true), after: pageQuery(true, true, true) },
      oldest: { first: pageQuery(false, false, true), after: pageQuery(false, true, true) },
    },
    responsePages: {
      newest: {
        first: pageQuery(true, false),
        after: pageQuery(true, true),
      },
      oldest: {
        first: pageQuery(false, false),
        after: pageQuery(false, true),
      },
    },
  };
}

export function responseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const { callerAndOpening, responsePages, stagePages, stageCount } = createResponseQueries(ctx.db);
    const cursors = responseCursors(createCursorSigner(ctx.config.jwtSecret));

    app.get(
      '/api/organization/openings/id/applications',
      { onRequest: ctx.authenticate.inFirstRead, schema: actingForOrganization(listResponsesSchema) },
      async (request) => {
        const { id, order, limit, cursor: _cursor, ...filter } = request.query;
        const { stageId } = filter;
        const { userId, sessionId } = claimsOf(request);
        const { organizationId, named } = actingForOf(request, userId);
        const read = await callerAndOpening.execute({ userId, sessionId, organizationId, id });
        const { actor, row: found } = actorFromFirstRead(request, read[0]);
        const access = accessFromMembership(organizationId, named, found.membership);
        authorize(actor, 'organization.actFor', access);
        const { opening } = found;
        if (!opening) throw errors.notFound('That opening');
        authorize(actor, 'opening.viewApplications', { access, opening });
        const after = cursors.decode(opening.id, order, request.query.cursor);
        const pages = stageId ? stagePages : responsePages;
        const beyondStage = filtersBeyondStage(filter);
        // Before the page and its count run side by side: a score range reads a ranking that may need a rebuild.
        if (beyondStage) await readyForFilter(ctx.db, opening.id, filter);
        // Counts every page shows: the maintained counter, a stage's index range, or the filter's count.
        const totalOf = (): Promise<number | undefined> =>
          beyondStage
            ? filteredTotal(ctx.db, opening.id, filter)
            : stageId
              ? stageCount.execute({ openingId: opening.id, stageId }).then((r) => Number(r[0]?.n ?? 0))
              : Promise.resolve(undefined);
        let rows: { row: PageRow; position: Position }[];
        let scoresStale = false;
        let filteredCount: number | undefined;
        if (order === 'newest' || order === 'oldest') {
          const newest = order === 'newest';
          const cursor = after ? { at: new Date(after.key as string), id: after.id } : null;
          // Filters beyond the stage go through dynamic SQL; the unfiltered and stage-only pages stay prepared.
          const [timeRows, count] = beyondStage
            ? await filteredResponsePage(ctx.db, { openingId: opening.id, filter, newest, cursor, limit }).then(
                (result) => [result.rows, result.total] as const,
              )
            : await Promise.all([
                pages[newest ? 'newest' : 'oldest'][cursor ? 'after' : 'first']
                  .execute({
                    openingId: opening.id,
                    limit: limit + 1,
                    ...(stageId ? { stageId } : {}),
                    ...(cursor ? { at: cursor.at.toISOString(), id: cursor.id } : {}),
                  })
                  .then((found) => found.map(({ page }) => page)),
                totalOf(),
              ]);
          rows = timeRows.map((row) => ({
            row,
            position: { key: row.application.submittedAt.toISOString(), id: row.application.id },
          }));
          filteredCount = count;
        } else {
          let ordered: Awaited<ReturnType<typeof orderedPage>>;
          [ordered, filteredCount] = await Promise.all([
            orderedPage(ctx.db, { openingId: opening.id, order, after, limit, filter }),
            totalOf(),
          ]);
          rows = ordered.rows;
          scoresStale = ordered.scoresStale;
        }
        const last = rows.length > limit ? rows[limit - 1] : undefined;
        const page = {
          items: rows.slice(0, limit).map(({ row }) => row),
          nextCursor: last ? cursors.encode(opening.id, order, last.position) : null,
        };
        const versions = new Set(page.items.map(({ application }) => application.formVersion));
        if (opening.currentFormVersion !== null) versions.add(opening.currentFormVersion);
        const current =
          opening.currentFormVersion !== null && found.currentForm
            ? [{ version: opening.currentFormVersion, definition: found.currentForm }]
            : [];
        const others = [...versions].filter((version) => version !== opening.currentFormVersion);
        // Badges need a live verification decision: applicants without one are not looked up.
        const vouched = page.items.filter((row) => row.hasVerifications);
        const [older, verifications, visibleScores] = await Promise.all([
          formsFor(ctx.db, opening.id, others),
          vouched.length > 0
            ? loadApplicantVerifications(
                ctx.db,
                vouched.map(({ application }) => application.applicantId),
              )
            : new Map<number, ApplicantVerification>(),
          // The blindness rule: a score summing a judgement the caller has not given is not shown.
          found.scored
            ? scoresVisibleTo(
                ctx.db,
                opening.id,
                actor.user.id,
                page.items.map(({ application }) => application.id),
              )
            : null,
        ]);
        const forms = [...current, ...older].sort((a, b) => a.version - b.version);
        const definitionOf = new Map(forms.map((form) => [form.version, form.definition]));
        return ok({
          items: page.items.map(({ application, name, email, ...facts }) =>
            presentReceivedApplication(
              canSeeContacts(access)
                ? application
                : {
                    ...application,
                    answers: withoutContactAnswers(application.answers, definitionOf.get(application.formVersion)),
                  },
              { id: application.applicantId, name, email: canSeeContacts(access) ? email : null },
              verificationOf(application, definitionOf.get(application.formVersion), verifications),
              factsOf(facts, found.scored, !visibleScores || visibleScores.has(application.id)),
            ),
          ),
          nextCursor: page.nextCursor,
          forms,
          total: filteredCount ?? Number(found.total),
          scored: found.scored,
          scoresStale,
        });
      },
    );

    app.get(
      '/api/organization/openings/id/applications/one',
      { ...authenticated, schema: actingForOrganization(responseDetailSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadOrganizationOpening(
          ctx.db,
          actor,
          access,
          request.query.id,
          'opening.viewApplications',
        );
        const [found] = await ctx.db
          .select({
            ...pageColumns,
            scored: sql<boolean>`exists(select 1 from ranking_recipes r where r.opening_id = ${applications.openingId})`,
          })
          .from(applications)
          .where(and(eq(applications.id, request.query.applicationId), eq(applications.openingId, opening.id)));
        if (!found) throw errors.notFound('That application');
        const { page: row, scored } = found;
        const revisions = await ctx.db
          .select()
          .from(applicationRevisions)
          .where(eq(applicationRevisions.applicationId, row.application.id))
          .orderBy(asc(applicationRevisions.revision));
        const versions = new Set([row.application.formVersion, ...revisions.map((r) => r.formVersion)]);
        const [forms, verifications, visibleScores] = await Promise.all([
          formsFor(ctx.db, opening.id, [...versions]),
          loadApplicantVerifications(ctx.db, [row.application.applicantId]),
          scored ? scoresVisibleTo(ctx.db, opening.id, actor.user.id, [row.application.id]) : null,
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
            factsOf(row, scored, !visibleScores || visibleScores.has(row.application.id)),
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
      '/api/organization/openings/id/applications/summary',
      { ...authenticated, schema: actingForOrganization(formSummaryRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { id, knockouts, ...filter } = request.query;
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadOrganizationOpening(ctx.db, actor, access, id, 'opening.viewApplications');
        // A score range or the knock-outs read the stored ranking: brought up to date first.
        await readyForFilter(ctx.db, opening.id, filter);
        if (knockouts !== 'all') await currentRankingBuild(ctx.db, opening.id);
        const [form] =
          opening.currentFormVersion === null ? [] : await formsFor(ctx.db, opening.id, [opening.currentFormVersion]);
        return ok(
          await formSummary(ctx.db, {
            openingId: opening.id,
            definition: form?.definition ?? null,
            formVersion: form?.version ?? null,
            filter,
            knockouts,
            hideContacts: !canSeeContacts(access),
          }),
        );
      },
    );

    app.get(
      '/api/organization/openings/id/applications/export',
      { ...authenticated, schema: actingForOrganization(exportResponsesSchema) },
      async (request, reply) => {
        const actor = actorOf(request);
        const { id, format } = request.query;
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadOrganizationOpening(ctx.db, actor, access, id, 'opening.export');
        const plan = await planExport(
          ctx.db,
          opening.id,
          applicantFileLink(ctx.publicUrl(), opening.id),
          undefined,
          exportViewerOf(actor, access, opening),
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
