import { PLACEMENT_LIMITS, PLACEMENT_MESSAGES } from '@placely/contract';
import { and, asc, eq, gt, ilike, lte, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import {
  cycleEnrolments,
  cycleRecordCorrections,
  institutionBranches,
  institutions,
  placementCycles,
  users,
  verificationGroups,
} from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { isIndividual } from '../../policies/individual';
import { branchesOf } from '../../services/placement/branches';
import { loadCellCycle } from '../../services/placement/cycles';
import {
  applyCorrection,
  enrolGroupMembers,
  enrolmentViews,
  enrolSelf,
  loadEnrolmentView,
  presentEnrolment,
  writeImportRows,
} from '../../services/placement/enrolment';
import { checkImportRows, parseCsv, parseXlsx, rejectedImport } from '../../services/placement/import';
import { escapeLike } from '../openings/feed';
import { PLACEMENT_BASE } from './cells';
import { presentCorrection } from './corrections';
import {
  decideCorrectionSchema,
  enrolGroupSchema,
  importEnrolmentsSchema,
  joinPreviewRouteSchema,
  joinSchema,
  listCorrectionsSchema,
  listEnrolmentsSchema,
  updateEnrolmentSchema,
} from './schema';

/** Enrolment: the join link, a verification group, the uploaded batch; the cell's student list and its changes. */
export function placementEnrolmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    const cycleByToken = async (token: string) => {
      const [row] = await ctx.db
        .select({ cycle: placementCycles, institutionName: institutions.name })
        .from(placementCycles)
        .innerJoin(institutions, eq(institutions.id, placementCycles.institutionId))
        .where(eq(placementCycles.joinToken, token));
      if (!row) throw errors.notFound('That join link');
      return row;
    };
    const preview = (row: Awaited<ReturnType<typeof cycleByToken>>, enrolled: boolean) => ({
      cycleId: row.cycle.id,
      name: row.cycle.name,
      kind: row.cycle.kind,
      institutionName: row.institutionName,
      startsOn: row.cycle.startsOn,
      endsOn: row.cycle.endsOn,
      enrolled,
    });

    app.get(`${PLACEMENT_BASE}/join`, { ...authenticated, schema: joinPreviewRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const row = await cycleByToken(request.query.token);
      const [mine] = await ctx.db
        .select({ id: cycleEnrolments.id })
        .from(cycleEnrolments)
        .where(and(eq(cycleEnrolments.cycleId, row.cycle.id), eq(cycleEnrolments.userId, actor.user.id)));
      return ok(preview(row, Boolean(mine)));
    });

    app.post(`${PLACEMENT_BASE}/join`, { ...authenticated, schema: joinSchema }, async (request) => {
      const actor = actorOf(request);
      if (!isIndividual(actor.user)) throw errors.forbidden(PLACEMENT_MESSAGES.studentsOnly);
      const row = await cycleByToken(request.body.token);
      if (row.cycle.status !== 'active') throw errors.conflict(PLACEMENT_MESSAGES.cycleNotOpen);
      const already = await ctx.db.transaction((tx) => enrolSelf(tx, row.cycle, actor.user));
      return ok(preview(row, true), already ? PLACEMENT_MESSAGES.alreadyEnrolled : PLACEMENT_MESSAGES.enrolled);
    });

    app.get(`${PLACEMENT_BASE}/enrolments`, { ...authenticated, schema: listEnrolmentsSchema }, async (request) => {
      const actor = actorOf(request);
      const query = request.query;
      await loadCellCycle(ctx.db, actor, query.cycleId, 'placementCell.view');
      const search = query.q ? `%${escapeLike(query.q)}%` : null;
      const rows = await enrolmentViews(ctx.db)
        .where(
          and(
            eq(cycleEnrolments.cycleId, query.cycleId),
            query.status ? eq(cycleEnrolments.status, query.status) : undefined,
            query.branchId ? eq(cycleEnrolments.branchId, query.branchId) : undefined,
            query.degree ? sql`lower(${cycleEnrolments.degree}) = lower(${query.degree})` : undefined,
            query.minCgpa !== undefined ? sql`${cycleEnrolments.cgpa} >= ${query.minCgpa}` : undefined,
            query.maxBacklogs !== undefined ? lte(cycleEnrolments.backlogs, query.maxBacklogs) : undefined,
            query.graduationYear !== undefined ? eq(cycleEnrolments.graduationYear, query.graduationYear) : undefined,
            search
              ? or(
                  ilike(cycleEnrolments.email, search),
                  ilike(users.name, search),
                  ilike(cycleEnrolments.rollNumber, search),
                )
              : undefined,
            query.cursor ? gt(sql`lower(${cycleEnrolments.email})`, query.cursor) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${cycleEnrolments.email})`))
        .limit(query.limit + 1);
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return ok({
        items: items.map(presentEnrolment),
        nextCursor: rows.length > query.limit && last ? last.enrolment.email : null,
      });
    });

    app.post(`${PLACEMENT_BASE}/enrolments/group`, { ...authenticated, schema: enrolGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycleId, groupId } = request.body;
      const result = await ctx.db.transaction(async (tx) => {
        const { cycle } = await loadCellCycle(tx, actor, cycleId, 'placementCell.manageStudents', true);
        const [group] = await tx
          .select({ institutionId: verificationGroups.institutionId, deletedAt: verificationGroups.deletedAt })
          .from(verificationGroups)
          .where(eq(verificationGroups.id, groupId));
        if (!group || group.deletedAt !== null) throw errors.notFound('That verification group');
        if (group.institutionId !== cycle.institutionId) {
          throw errors.forbidden("Only the institution's own verification groups can enrol its students.");
        }
        return enrolGroupMembers(tx, cycle, groupId);
      });
      return ok(result, PLACEMENT_MESSAGES.enrolledFromGroup(result.added));
    });

    app.post(
      `${PLACEMENT_BASE}/enrolments/import`,
      {
        ...authenticated,
        schema: importEnrolmentsSchema,
        bodyLimit: Math.ceil((PLACEMENT_LIMITS.maxImportBytes * 4) / 3) + 4096,
      },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, format, content } = request.body;
        const parsed = format === 'csv' ? parseCsv(content) : await parseXlsx(content);
        const result = await ctx.db.transaction(async (tx) => {
          const { cycle } = await loadCellCycle(tx, actor, cycleId, 'placementCell.manageStudents', true);
          const { rows, problems } = checkImportRows(parsed, await branchesOf(tx, cycle.institutionId));
          const total = Math.max(0, parsed.length - 1);
          if (problems.length > 0) return rejectedImport(total, problems);
          const written = await writeImportRows(tx, cycle.id, rows);
          return { rows: total, ...written, errors: [], moreErrors: 0 };
        });
        const message =
          result.errors.length > 0
            ? PLACEMENT_MESSAGES.importHasErrors(result.errors.length + result.moreErrors)
            : PLACEMENT_MESSAGES.imported(result.added, result.updated);
        return ok(result, message);
      },
    );

    app.patch(`${PLACEMENT_BASE}/enrolments`, { ...authenticated, schema: updateEnrolmentSchema }, async (request) => {
      const actor = actorOf(request);
      const { enrolmentId, debarredReason, optOutReason, ...changes } = request.body;
      const view = await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(cycleEnrolments)
          .where(eq(cycleEnrolments.id, enrolmentId))
          .for('update');
        if (!current) throw errors.notFound('That student');
        const { cycle } = await loadCellCycle(tx, actor, current.cycleId, 'placementCell.manageStudents');
        const status = changes.status ?? current.status;
        if (status === 'debarred' && !debarredReason && current.status !== 'debarred') {
          throw errors.validation([{ field: 'debarredReason', message: 'Say why the student is debarred' }]);
        }
        if (changes.branchId) {
          const [branch] = await tx
            .select({ id: institutionBranches.id })
            .from(institutionBranches)
            .where(
              and(
                eq(institutionBranches.id, changes.branchId),
                eq(institutionBranches.institutionId, cycle.institutionId),
              ),
            );
          if (!branch)
            throw errors.validation([{ field: 'branchId', message: "Not a branch of the institution's list" }]);
        }
        await tx
          .update(cycleEnrolments)
          .set({
            ...changes,
            ...(changes.branchId ? { branchText: null } : {}),
            status,
            debarredReason: status === 'debarred' ? (debarredReason ?? current.debarredReason) : null,
            optOutReason:
              status === 'opted_out' ? (optOutReason === undefined ? current.optOutReason : optOutReason) : null,
            updatedAt: sql`now()`,
          })
          .where(eq(cycleEnrolments.id, enrolmentId));
        return loadEnrolmentView(tx, enrolmentId);
      });
      if (!view) throw errors.notFound('That student');
      return ok(presentEnrolment(view), PLACEMENT_MESSAGES.enrolmentSaved);
    });

    app.get(`${PLACEMENT_BASE}/corrections`, { ...authenticated, schema: listCorrectionsSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycleId, status } = request.query;
      await loadCellCycle(ctx.db, actor, cycleId, 'placementCell.view');
      const rows = await ctx.db
        .select({ correction: cycleRecordCorrections, enrolment: cycleEnrolments, name: users.name })
        .from(cycleRecordCorrections)
        .innerJoin(cycleEnrolments, eq(cycleEnrolments.id, cycleRecordCorrections.enrolmentId))
        .leftJoin(users, eq(users.id, cycleEnrolments.userId))
        .where(
          and(
            eq(cycleRecordCorrections.cycleId, cycleId),
            status ? eq(cycleRecordCorrections.status, status) : undefined,
          ),
        )
        .orderBy(asc(cycleRecordCorrections.createdAt), asc(cycleRecordCorrections.id))
        .limit(500);
      return ok({ items: rows.map(presentCorrection) });
    });

    app.post(
      `${PLACEMENT_BASE}/corrections/decide`,
      { ...authenticated, schema: decideCorrectionSchema },
      async (request) => {
        const actor = actorOf(request);
        const { correctionId, decision, note } = request.body;
        const decided = await ctx.db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(cycleRecordCorrections)
            .where(eq(cycleRecordCorrections.id, correctionId))
            .for('update');
          if (!current) throw errors.notFound('That correction');
          await loadCellCycle(tx, actor, current.cycleId, 'placementCell.manageStudents');
          if (current.status !== 'pending') throw errors.conflict('This correction was already decided.');
          if (decision === 'approve') await applyCorrection(tx, current);
          const [correction] = await tx
            .update(cycleRecordCorrections)
            .set({
              status: decision === 'approve' ? 'approved' : 'rejected',
              decisionNote: note || null,
              decidedBy: actor.user.id,
              decidedAt: sql`now()`,
            })
            .where(eq(cycleRecordCorrections.id, correctionId))
            .returning();
          const [enrolment] = await tx
            .select()
            .from(cycleEnrolments)
            .where(eq(cycleEnrolments.id, current.enrolmentId));
          const [person] = enrolment?.userId
            ? await tx.select({ name: users.name }).from(users).where(eq(users.id, enrolment.userId))
            : [];
          if (!correction || !enrolment) throw errors.notFound('That correction');
          return presentCorrection({ correction, enrolment, name: person?.name ?? null });
        });
        return ok(decided, PLACEMENT_MESSAGES.correctionDecided);
      },
    );
  };
}
