import { WITHDRAWAL_MESSAGES } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import {
  applicationEvents,
  applications,
  openingStages,
  openings,
  organizationAuditEvents,
  stageBulkMoves,
  stageMoves,
} from '../../db/schema';
import { errors } from '../../errors';
import { notificationWriteCtes } from '../notifications';

/**
 * The candidate withdraws their own application (issue #40): status withdrawn, moved to the opening's Withdrawn
 * stage as a recorded move by the candidate (with their reason), the `submitted → withdrawn` event, the organization's
 * audit trail, and `application.withdrawn` to the organization and the owners and coordinators covering the opening.
 * The opening is held FOR SHARE as a stage move holds it, so its stages do not change meanwhile; the application row
 * is locked so a concurrent move waits and then finds it withdrawn.
 */
export async function withdrawApplication(
  tx: Executor,
  actor: Actor,
  applicationId: string,
  reason: string | null,
): Promise<void> {
  const [own] = await tx
    .select({ id: applications.id, openingId: applications.openingId })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.applicantId, actor.user.id)));
  if (!own) throw errors.notFound('That application');
  const [opening] = await tx.select().from(openings).where(eq(openings.id, own.openingId)).for('share');
  if (!opening) throw errors.notFound('That application');
  const [application] = await tx
    .select({ id: applications.id, status: applications.status, stageId: applications.stageId })
    .from(applications)
    .where(eq(applications.id, own.id))
    .for('update');
  if (!application) throw errors.notFound('That application');
  if (application.status === 'withdrawn') throw errors.conflict(WITHDRAWAL_MESSAGES.already);
  const stages = await tx.select().from(openingStages).where(eq(openingStages.openingId, opening.id));
  const target = stages.find((stage) => stage.kind === 'withdrawn');
  const from = stages.find((stage) => stage.id === application.stageId) ?? null;
  if (!target) throw new Error('opening without a Withdrawn stage');

  await tx
    .update(applications)
    .set({ status: 'withdrawn', stageId: target.id, updatedAt: sql`now()` })
    .where(eq(applications.id, application.id));
  await tx.insert(applicationEvents).values({
    applicationId: application.id,
    fromStatus: application.status,
    toStatus: 'withdrawn',
    fromStage: from?.name ?? null,
    toStage: target.name,
    actorId: actor.user.id,
  });
  const [bulk] = await tx
    .insert(stageBulkMoves)
    .values({ openingId: opening.id, actorId: actor.user.id, moved: 1, createdAt: sql`clock_timestamp()` })
    .returning({ id: stageBulkMoves.id });
  if (!bulk) throw new Error('bulk move insert returned nothing');
  await tx.insert(stageMoves).values({
    applicationId: application.id,
    bulkMoveId: bulk.id,
    fromStageId: from?.id ?? null,
    toStageId: target.id,
    fromStageName: from?.name ?? null,
    toStageName: target.name,
    actorId: actor.user.id,
    reason,
  });
  await tx.insert(organizationAuditEvents).values({
    organizationId: opening.organizationId,
    actorUserId: actor.user.id,
    kind: 'candidate.withdrew',
    openingId: opening.id,
    applicationId: application.id,
    details: { candidate: actor.user.name ?? '', from: from?.name ?? null, reason },
  });
  await tx.execute(sql`with n_team as (
      select m.user_id from organization_members m
      left join organization_member_openings mo on mo.member_id = m.id and mo.opening_id = ${opening.id}::uuid
      where m.organization_id = ${opening.organizationId} and m.user_id is not null and m.revoked_at is null
        and m.role in ('owner', 'coordinator') and (m.role = 'owner' or m.all_openings or mo.member_id is not null)
      union select ${opening.organizationId}::bigint
    ), n_events as (
      select t.user_id as recipient_id, 'application.withdrawn'::text as kind,
        'application.withdrawn:' || ${application.id}::text || ':' || t.user_id as dedupe_key,
        '/organization/openings?opening=' || ${opening.id}::text || '&application=' || ${application.id}::text as link,
        jsonb_build_object('openingTitle', ${opening.title}::text, 'applicantName', ${actor.user.name ?? ''}::text,
          'reason', ${reason ?? ''}::text) as payload
      from n_team t where t.user_id <> ${actor.user.id}
    ), ${notificationWriteCtes()}
    select 1`);
}
