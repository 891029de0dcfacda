import { PLACEMENT_MESSAGES } from '@placely/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { cycleEnrolments, cycleRecordCorrections, individualProfiles, placementCycles, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import {
  applicantFactColumns,
  applicantFactsOf,
  eligibilityFactsOf,
} from '../../services/applications/applicant-facts';
import {
  loadEnrolmentView,
  presentEnrolment,
  recordValueOf,
  studentEnrolmentViews,
} from '../../services/placement/enrolment';
import { presentStudentCycle, studentCycleView } from '../../services/placement/student-view';
import { PLACEMENT_BASE } from './cells';
import { presentCorrection } from './corrections';
import { myCycleSchema, myCyclesSchema, optOutSchema, requestCorrectionSchema } from './schema';

/** The student's side: their cycles, one cycle's page, opting out, asking for a correction. */
export function placementStudentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    /** The student's eligibility facts, as apply reads them (applicantFactColumns). */
    const factsOf = async (actor: Actor) => {
      const [row] = await ctx.db
        .select(applicantFactColumns)
        .from(users)
        .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
        .where(eq(users.id, actor.user.id));
      return row ? eligibilityFactsOf(applicantFactsOf(actor.user, ctx.publicUrl(), row)) : null;
    };

    /** The caller's enrolment in a cycle that is not a draft; 404 otherwise (a cycle is the cell's business). */
    const ownEnrolment = async (userId: number, cycleId: string) => {
      const [row] = await studentEnrolmentViews(ctx.db).where(
        and(
          eq(cycleEnrolments.cycleId, cycleId),
          eq(cycleEnrolments.userId, userId),
          sql`${placementCycles.status} <> 'draft'`,
        ),
      );
      if (!row) throw errors.notFound('That cycle');
      return row;
    };

    app.get(`${PLACEMENT_BASE}/my/cycles`, { ...authenticated, schema: myCyclesSchema }, async (request) => {
      const actor = actorOf(request);
      const rows = await studentEnrolmentViews(ctx.db)
        .where(and(eq(cycleEnrolments.userId, actor.user.id), sql`${placementCycles.status} <> 'draft'`))
        .orderBy(sql`${placementCycles.createdAt} desc`, asc(placementCycles.id));
      return ok({
        items: rows.map((row) =>
          presentStudentCycle(row.cycle, row.institutionName, {
            enrolment: row.enrolment,
            name: row.name,
            branch: row.branch,
          }),
        ),
      });
    });

    app.get(`${PLACEMENT_BASE}/my/cycles/id`, { ...authenticated, schema: myCycleSchema }, async (request) => {
      const actor = actorOf(request);
      const row = await ownEnrolment(actor.user.id, request.query.cycleId);
      authorize(actor, 'placementEnrolment.own', row.enrolment);
      const corrections = await ctx.db
        .select()
        .from(cycleRecordCorrections)
        .where(eq(cycleRecordCorrections.enrolmentId, row.enrolment.id))
        .orderBy(asc(cycleRecordCorrections.createdAt), asc(cycleRecordCorrections.id));
      const view = await studentCycleView(
        ctx.db,
        {
          cycle: row.cycle,
          enrolment: { enrolment: row.enrolment, name: row.name, branch: row.branch },
          userId: actor.user.id,
          institutionName: row.institutionName,
          facts: await factsOf(actor),
        },
        corrections.map((correction) => presentCorrection({ correction, enrolment: row.enrolment, name: row.name })),
      );
      return ok(view);
    });

    app.post(`${PLACEMENT_BASE}/my/opt-out`, { ...authenticated, schema: optOutSchema }, async (request) => {
      const actor = actorOf(request);
      const view = await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(cycleEnrolments)
          .where(and(eq(cycleEnrolments.cycleId, request.body.cycleId), eq(cycleEnrolments.userId, actor.user.id)))
          .for('update');
        if (!current) throw errors.notFound('That cycle');
        authorize(actor, 'placementEnrolment.own', current);
        if (current.status === 'opted_out') {
          // Opting out again may say (or change) why.
          if (request.body.reason && request.body.reason !== current.optOutReason) {
            await tx
              .update(cycleEnrolments)
              .set({ optOutReason: request.body.reason, updatedAt: sql`now()` })
              .where(eq(cycleEnrolments.id, current.id));
          }
          return loadEnrolmentView(tx, current.id);
        }
        if (current.status !== 'available') {
          throw errors.conflict(
            current.status === 'placed'
              ? 'You are placed in this cycle; ask the placement cell to change your status.'
              : 'You are debarred from this cycle; ask the placement cell.',
          );
        }
        await tx
          .update(cycleEnrolments)
          .set({ status: 'opted_out', optOutReason: request.body.reason ?? null, updatedAt: sql`now()` })
          .where(eq(cycleEnrolments.id, current.id));
        return loadEnrolmentView(tx, current.id);
      });
      if (!view) throw errors.notFound('That cycle');
      return ok(presentEnrolment(view), PLACEMENT_MESSAGES.optedOut);
    });

    app.post(
      `${PLACEMENT_BASE}/my/corrections`,
      { ...authenticated, schema: requestCorrectionSchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, field, value, reason } = request.body;
        const row = await ownEnrolment(actor.user.id, cycleId);
        authorize(actor, 'placementEnrolment.own', row.enrolment);
        const checked = await recordValueOf(ctx.db, row.cycle.institutionId, field, value);
        try {
          const [correction] = await ctx.db
            .insert(cycleRecordCorrections)
            .values({ cycleId, enrolmentId: row.enrolment.id, field, requestedValue: String(checked), reason })
            .returning();
          if (!correction) throw new Error('correction not written');
          return ok(
            presentCorrection({ correction, enrolment: row.enrolment, name: row.name }),
            PLACEMENT_MESSAGES.correctionRequested,
          );
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw errors.conflict('You already asked to correct this value; the placement cell has not decided yet.');
          }
          throw error;
        }
      },
    );
  };
}
