import {
  type CyclePolicyView,
  describePolicyRule,
  POLICY_EXCEPTION_MESSAGES,
  POLICY_LIMITS,
  POLICY_RULE_KINDS,
  POLICY_RULE_LABELS,
  type PolicyException,
  type PolicyRuleKind,
  type TypedPolicyRule,
} from '@placely/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { recordAudit } from '../../services/organizations';
import { type CellAccess, cellAccessOf } from '../../services/placement/access';
import { offersOfCycle, presentOffer } from '../../services/placement/offers';
import { applyVerdict, policyRulesOf } from '../../services/placement/policy';
import {
  cycleOffersRouteSchema,
  grantExceptionRouteSchema,
  listExceptionsRouteSchema,
  policyCheckRouteSchema,
  readPolicyRouteSchema,
  revokeExceptionRouteSchema,
  savePolicyRouteSchema,
} from './schema';

interface CycleRow {
  id: string;
  institution_id: string | number;
  name: string;
  policy: unknown;
  [key: string]: unknown;
}

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The cycle and the caller's standing in its cell (services/placement/access.ts decides it). No cycle: 404. */
async function loadCellCycle(db: Executor, actor: Actor, cycleId: string, lock = false) {
  const [cycle] = await rowsOf<CycleRow>(
    db,
    sql`select id, institution_id, name, policy from placement_cycles where id = ${cycleId}::uuid
      ${lock ? sql`for update` : sql``}`,
  );
  if (!cycle) throw errors.notFound('That cycle');
  const access = await cellAccessOf(db, actor.user.id, Number(cycle.institution_id));
  return { cycle, access };
}

/**
 * The organization whose audit trail records the cell's acts: the team the caller acts through, else the
 * organization linked to the institution as its cell. An institution without a linked organization has no trail;
 * its exceptions are still each a row with who granted it, when and why (cycle_policy_exceptions).
 */
async function cellAuditOrganization(db: Executor, access: CellAccess): Promise<number | null> {
  if (access.organizationId !== null) return access.organizationId;
  const [linked] = await rowsOf<{ id: string | number }>(
    db,
    sql`select id from organizations where institution_id = ${access.institutionId}
      and institution_linked_at is not null and deleted_at is null order by id limit 1`,
  );
  return linked ? Number(linked.id) : null;
}

function presentPolicy(actor: Actor, access: CellAccess, cycleId: string, rules: TypedPolicyRule[]): CyclePolicyView {
  return {
    cycleId,
    rules: rules.map((rule) => ({
      kind: rule.kind,
      label: POLICY_RULE_LABELS[rule.kind],
      description: describePolicyRule(rule),
      params: rule.params as Record<string, unknown>,
    })),
    kinds: POLICY_RULE_KINDS.map((kind) => ({ kind, label: POLICY_RULE_LABELS[kind] })),
    abilities: {
      edit: can(actor, 'placementCell.manageCycles', access),
      grantExceptions: can(actor, 'placementCell.manageStudents', access),
    },
  };
}

interface ExceptionRow {
  id: string;
  enrolment_id: string;
  student_name: string | null;
  student_email: string;
  rule_kind: PolicyRuleKind;
  opening_id: string | null;
  opening_title: string | null;
  reason: string;
  granted_by_name: string | null;
  created_at: string | Date;
  revoked_at: string | Date | null;
  revoked_by_name: string | null;
  revoke_reason: string | null;
}

const exceptionsWhere = (condition: ReturnType<typeof sql>) => sql`select x.id, x.enrolment_id,
    u.name as student_name, e.email as student_email, x.rule_kind, x.opening_id, op.title as opening_title, x.reason,
    g.name as granted_by_name, x.created_at, x.revoked_at, r.name as revoked_by_name, x.revoke_reason
  from cycle_policy_exceptions x
  join cycle_enrolments e on e.id = x.enrolment_id
  left join users u on u.id = e.user_id
  left join openings op on op.id = x.opening_id
  left join users g on g.id = x.granted_by
  left join users r on r.id = x.revoked_by
  where ${condition}
  order by x.created_at desc, x.id desc
  limit ${POLICY_LIMITS.maxExceptionsListed}`;

/** `mayRevoke`: the caller's standing lets them revoke (placementCell.manageStudents, as granting). */
const presentException = (row: ExceptionRow, mayRevoke: boolean): PolicyException => ({
  id: row.id,
  enrolmentId: row.enrolment_id,
  studentName: row.student_name,
  studentEmail: row.student_email,
  ruleKind: row.rule_kind,
  ruleLabel: POLICY_RULE_LABELS[row.rule_kind] ?? row.rule_kind,
  openingId: row.opening_id,
  openingTitle: row.opening_title,
  reason: row.reason,
  grantedBy: row.granted_by_name,
  createdAt: new Date(row.created_at).toISOString(),
  revoked: row.revoked_at
    ? { by: row.revoked_by_name, at: new Date(row.revoked_at).toISOString(), reason: row.revoke_reason ?? '' }
    : null,
  abilities: { revoke: mayRevoke && row.revoked_at === null },
});

/** The policy of a cycle (the cell), its exceptions, its offers, and the student's "may I apply here". */
export function placementPolicyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get('/api/placement/cycles/policy', { ...authenticated, schema: readPolicyRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycle, access } = await loadCellCycle(ctx.db, actor, request.query.cycleId);
      authorize(actor, 'placementCell.view', access);
      return ok(presentPolicy(actor, access, cycle.id, policyRulesOf(cycle.policy)));
    });

    app.put('/api/placement/cycles/policy', { ...authenticated, schema: savePolicyRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycleId, rules } = request.body;
      const view = await ctx.db.transaction(async (tx) => {
        const { cycle, access } = await loadCellCycle(tx, actor, cycleId, true);
        authorize(actor, 'placementCell.manageCycles', access);
        await tx.execute(sql`update placement_cycles set policy = ${JSON.stringify(rules)}::jsonb, updated_at = now()
          where id = ${cycle.id}::uuid`);
        const organizationId = await cellAuditOrganization(tx, access);
        if (organizationId !== null) {
          await recordAudit(tx, organizationId, actor.user.id, {
            kind: 'policy.changed',
            details: { cycleName: cycle.name, rules: rules.length, kinds: rules.map((rule) => rule.kind).join(', ') },
          });
        }
        return presentPolicy(actor, access, cycle.id, policyRulesOf(rules));
      });
      return ok(view, 'Policy saved');
    });

    app.get(
      '/api/placement/cycles/exceptions',
      { ...authenticated, schema: listExceptionsRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycle, access } = await loadCellCycle(ctx.db, actor, request.query.cycleId);
        authorize(actor, 'placementCell.view', access);
        const rows = await rowsOf<ExceptionRow>(ctx.db, exceptionsWhere(sql`x.cycle_id = ${cycle.id}::uuid`));
        const mayRevoke = can(actor, 'placementCell.manageStudents', access);
        return ok({ items: rows.map((row) => presentException(row, mayRevoke)) });
      },
    );

    app.post(
      '/api/placement/cycles/exceptions',
      { ...authenticated, schema: grantExceptionRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, enrolmentId, ruleKind, openingId, reason } = request.body;
        const exception = await ctx.db.transaction(async (tx) => {
          const { cycle, access } = await loadCellCycle(tx, actor, cycleId);
          authorize(actor, 'placementCell.manageStudents', access);
          const [enrolment] = await rowsOf<{ id: string; email: string; name: string | null }>(
            tx,
            sql`select e.id, e.email, u.name from cycle_enrolments e left join users u on u.id = e.user_id
              where e.id = ${enrolmentId}::uuid and e.cycle_id = ${cycle.id}::uuid for update of e`,
          );
          if (!enrolment) throw errors.validation([{ field: 'enrolmentId', message: 'Not a student of this cycle' }]);
          let openingTitle: string | null = null;
          if (openingId) {
            const [opening] = await rowsOf<{ title: string }>(
              tx,
              sql`select title from openings where id = ${openingId}::uuid and cycle_id = ${cycle.id}::uuid`,
            );
            if (!opening) throw errors.validation([{ field: 'openingId', message: 'Not an opening of this cycle' }]);
            openingTitle = opening.title;
          }
          const [created] = await rowsOf<{ id: string }>(
            tx,
            sql`insert into cycle_policy_exceptions (cycle_id, enrolment_id, rule_kind, opening_id, reason, granted_by)
              values (${cycle.id}::uuid, ${enrolment.id}::uuid, ${ruleKind}, ${openingId ?? null}::uuid, ${reason},
                ${actor.user.id})
              returning id`,
          );
          if (!created) throw new Error('exception insert returned nothing');
          const organizationId = await cellAuditOrganization(tx, access);
          if (organizationId !== null) {
            await recordAudit(tx, organizationId, actor.user.id, {
              kind: 'policy.exceptionGranted',
              openingId: openingId ?? null,
              subjectEmail: enrolment.email,
              details: {
                cycleName: cycle.name,
                ruleKind,
                ruleLabel: POLICY_RULE_LABELS[ruleKind],
                openingTitle,
                reason,
              },
            });
          }
          const [row] = await rowsOf<ExceptionRow>(tx, exceptionsWhere(sql`x.id = ${created.id}::uuid`));
          if (!row) throw new Error('exception not found after insert');
          return presentException(row, true);
        });
        return ok(exception, POLICY_EXCEPTION_MESSAGES.granted);
      },
    );

    app.post(
      '/api/placement/cycles/exceptions/revoke',
      { ...authenticated, schema: revokeExceptionRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, exceptionId, reason } = request.body;
        const exception = await ctx.db.transaction(async (tx) => {
          const { cycle, access } = await loadCellCycle(tx, actor, cycleId);
          authorize(actor, 'placementCell.manageStudents', access);
          // The student's enrolment row is locked as granting and applying lock it: an application judged on this
          // exception runs wholly before the revocation or after it.
          const [target] = await rowsOf<{
            id: string;
            email: string;
            rule_kind: PolicyRuleKind;
            opening_id: string | null;
            opening_title: string | null;
            revoked_at: string | Date | null;
          }>(
            tx,
            sql`select x.id, e.email, x.rule_kind, x.opening_id, op.title as opening_title, x.revoked_at
              from cycle_policy_exceptions x
              join cycle_enrolments e on e.id = x.enrolment_id
              left join openings op on op.id = x.opening_id
              where x.id = ${exceptionId}::uuid and x.cycle_id = ${cycle.id}::uuid
              for update of x, e`,
          );
          if (!target) throw errors.notFound('That exception');
          if (target.revoked_at !== null) throw errors.conflict(POLICY_EXCEPTION_MESSAGES.alreadyRevoked);
          await tx.execute(sql`update cycle_policy_exceptions
            set revoked_at = now(), revoked_by = ${actor.user.id}, revoke_reason = ${reason}
            where id = ${target.id}::uuid`);
          const organizationId = await cellAuditOrganization(tx, access);
          if (organizationId !== null) {
            await recordAudit(tx, organizationId, actor.user.id, {
              kind: 'policy.exceptionRevoked',
              openingId: target.opening_id,
              subjectEmail: target.email,
              details: {
                cycleName: cycle.name,
                ruleKind: target.rule_kind,
                ruleLabel: POLICY_RULE_LABELS[target.rule_kind] ?? target.rule_kind,
                openingTitle: target.opening_title,
                reason,
              },
            });
          }
          const [row] = await rowsOf<ExceptionRow>(tx, exceptionsWhere(sql`x.id = ${target.id}::uuid`));
          if (!row) throw new Error('exception not found after revoking');
          return presentException(row, true);
        });
        return ok(exception, POLICY_EXCEPTION_MESSAGES.revoked);
      },
    );

    app.get('/api/placement/cycles/offers', { ...authenticated, schema: cycleOffersRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycle, access } = await loadCellCycle(ctx.db, actor, request.query.cycleId);
      authorize(actor, 'placementCell.view', access);
      const rows = await offersOfCycle(ctx.db, cycle.id);
      return ok({ items: rows.map((row) => presentOffer(row, 'cell')) });
    });

    app.get('/api/placement/my/policy-check', { ...authenticated, schema: policyCheckRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const [opening] = await rowsOf<{ cycle_id: string | null }>(
        ctx.db,
        sql`select cycle_id from openings where id = ${request.query.openingId}::uuid and deleted_at is null
            and status <> 'draft'`,
      );
      if (!opening?.cycle_id) throw errors.notFound('That opening of a placement cycle');
      const verdict = await applyVerdict(ctx.db, {
        cycleId: opening.cycle_id,
        userId: actor.user.id,
        openingId: request.query.openingId,
      });
      if (!verdict) throw errors.notFound('That opening of a placement cycle');
      return ok(verdict);
    });
  };
}
