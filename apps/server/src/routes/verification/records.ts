import type { RecordKind } from '@placely/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { recordVerifications, verificationGroupMembers } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { presentRecordDecision } from '../../presenters/verification-group';
import type { EducationRow } from '../../services/autofill';
import { notifyRecordDecided } from '../../services/notifications/events';
import { organizationAccessOf } from '../../services/organizations';
import { personSummaries, unknownPerson } from '../../services/people';
import { lockUser } from '../../services/users';
import { RECORD_TABLES, verifiedFactsOfEducation } from '../../services/verification';
import { listSection } from '../individual';
import { SECTIONS } from '../individual/sections';
import type { VerificationAccessTools } from './access';
import { latestDecisions, recordVersions } from './queries';
import { memberRecordsRouteSchema, recordDecisionRouteSchema } from './schema';

const sectionOfKind = new Map(SECTIONS.filter((s) => s.recordKind).map((s) => [s.recordKind as RecordKind, s]));

/** Verifying: a member's records with this group's latest decision on each, and a verifier's decision on one. */
export function verificationRecordRoutes(
  ctx: AppContext,
  { loadAccess }: VerificationAccessTools,
): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    /** The subject's membership: a person who is not a member of this group is a 404 to its verifiers. */
    const requireMember = async (db: Executor, groupId: string, userId: number) => {
      const [member] = await db
        .select({ id: verificationGroupMembers.id })
        .from(verificationGroupMembers)
        .where(
          and(
            eq(verificationGroupMembers.groupId, groupId),
            eq(verificationGroupMembers.userId, userId),
            eq(verificationGroupMembers.state, 'member'),
          ),
        );
      if (!member) throw errors.notFound('That member');
    };

    app.get(
      '/api/verification/member/records',
      { ...authenticated, schema: actingForOrganization(memberRecordsRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const organization = await organizationAccessOf(ctx.db, request, actor);
        const { groupId, userId } = request.query;
        const access = await loadAccess(ctx.db, actor, groupId, false, organization);
        authorize(actor, 'verificationGroup.viewMembers', access);
        await requireMember(ctx.db, groupId, userId);
        const entriesOf = async (kind: RecordKind) => {
          const section = sectionOfKind.get(kind);
          return section ? ((await listSection(ctx.db, section, userId)).entries as never[]) : [];
        };
        const [people, education, experience, placements, others, versions, decisions] = await Promise.all([
          personSummaries(ctx.db, [userId]),
          entriesOf('education'),
          entriesOf('experience'),
          entriesOf('placement'),
          entriesOf('other'),
          recordVersions(ctx.db, userId),
          latestDecisions(ctx.db, groupId, userId),
        ]);
        return ok({
          groupId,
          person: people.get(userId) ?? unknownPerson(userId),
          education,
          experience,
          placements,
          others,
          records: versions.map((version) => ({
            ...version,
            decision: decisions.get(`${version.recordKind}:${version.recordId}`) ?? null,
          })),
          canVerify: can(actor, 'verificationGroup.verify', access) && actor.user.id !== userId,
        });
      },
    );

    app.post(
      '/api/verification/record',
      { ...authenticated, schema: actingForOrganization(recordDecisionRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const organization = await organizationAccessOf(ctx.db, request, actor);
        const { groupId, userId, recordKind, recordId, recordUpdatedAt, decision, note } = request.body;
        const decided = await ctx.db.transaction(async (tx) => {
          const access = await loadAccess(tx, actor, groupId, false, organization);
          authorize(actor, 'verificationGroup.verify', access);
          if (userId === actor.user.id) throw errors.forbidden('You cannot verify your own records.');
          await requireMember(tx, groupId, userId);
          // The person's own edits lock the same row: a decision and an edit never interleave.
          await lockUser(tx, userId);
          const table = RECORD_TABLES[recordKind];
          const [record] = await tx
            .select()
            .from(table)
            .where(and(eq(table.id, recordId), eq(table.userId, userId)));
          if (!record) throw errors.notFound('That record');
          if (record.updatedAt.toISOString() !== recordUpdatedAt) {
            throw errors.conflict('This record changed since you opened it. Reload to see the new version.');
          }
          const section = sectionOfKind.get(recordKind);
          const snapshot = (section?.present(record, false) ?? {}) as Record<string, unknown>;
          const [row] = await tx
            .insert(recordVerifications)
            .values({
              subjectUserId: userId,
              recordKind,
              recordId,
              verificationGroupId: groupId,
              verifierId: actor.user.id,
              decision,
              note,
              snapshot,
              facts: recordKind === 'education' ? verifiedFactsOfEducation(record as EducationRow) : null,
            })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await notifyRecordDecided(tx, {
            decisionId: row.id,
            userId,
            decision,
            groupName: access.group.name,
            recordLabel: `${recordKind} record`,
            note: note ?? null,
          });
          return presentRecordDecision(row, actor.user.name);
        });
        return ok(decided, decision === 'verified' ? 'Marked verified' : 'Marked rejected');
      },
    );
  };
}
