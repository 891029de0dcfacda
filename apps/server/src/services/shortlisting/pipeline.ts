import {
  type ApplicationFilter,
  DEFAULT_CUSTOM_STAGE_LABEL,
  SHORTLISTING_LIMITS,
  type Stage,
  type StageKind,
  type StageMove,
} from '@placely/contract';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import {
  applications,
  openingStages,
  organizationAuditEvents,
  stageBulkMoves,
  stageMoves,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import type { OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import { notifyStageMoves } from '../notifications/events';
import type { AuditEntry } from '../organizations';
import { applicationFilterConditions, readyForFilter } from './filters';

export type StageRow = typeof openingStages.$inferSelect;
/** Writes go in chunks so a move of many thousands stays within the drivers' parameter limits. */
const CHUNK = 1000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Where each kind sits: custom stages between Shortlisted and Offered, the outcomes last. */
const KIND_ORDER: Record<StageKind, number> = {
  applied: 0,
  shortlisted: 1,
  custom: 2,
  offered: 3,
  hired: 4,
  rejected: 5,
  withdrawn: 6,
};

export async function stagesOf(db: Executor, openingId: string): Promise<StageRow[]> {
  return db
    .select()
    .from(openingStages)
    .where(eq(openingStages.openingId, openingId))
    .orderBy(asc(openingStages.position), asc(openingStages.createdAt));
}

export async function stagesWithCounts(db: Executor, openingId: string): Promise<Stage[]> {
  const [stages, counts] = await readTogether(db, [
    () => stagesOf(db, openingId),
    () =>
      db
        .select({ stageId: applications.stageId, n: count() })
        .from(applications)
        .where(eq(applications.openingId, openingId))
        .groupBy(applications.stageId),
  ]);
  const countOf = new Map(counts.map((row) => [row.stageId, Number(row.n)]));
  return stages.map((stage) => ({
    id: stage.id,
    name: stage.name,
    candidateLabel: stage.candidateLabel,
    kind: stage.kind,
    position: stage.position,
    count: countOf.get(stage.id) ?? 0,
  }));
}

/** The candidates releasing rejections tells: those in the Rejected stage who have not withdrawn. */
export async function rejectedCount(db: Executor, openingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .innerJoin(openingStages, eq(openingStages.id, applications.stageId))
    .where(
      and(
        eq(applications.openingId, openingId),
        eq(openingStages.kind, 'rejected'),
        sql`${applications.status} <> 'withdrawn'`,
      ),
    );
  return Number(row?.n ?? 0);
}

function stageIn(stages: StageRow[], id: string, field: string): StageRow {
  const stage = stages.find((candidate) => candidate.id === id);
  if (!stage) throw errors.validation([{ field, message: 'Not a stage of this opening' }]);
  return stage;
}

function assertNameFree(stages: StageRow[], name: string, exceptId?: string) {
  const taken = stages.some((stage) => stage.id !== exceptId && stage.name.toLowerCase() === name.toLowerCase());
  if (taken) throw errors.validation([{ field: 'name', message: 'Another stage already has this name' }]);
}

/** Writes positions 0..n-1 in the given order, touching only the rows whose position changed. */
async function renumber(tx: Executor, ordered: StageRow[]) {
  const sorted = [...ordered].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  for (const [position, stage] of sorted.entries()) {
    if (stage.position === position) continue;
    await tx.update(openingStages).set({ position, updatedAt: sql`now()` }).where(eq(openingStages.id, stage.id));
  }
}

/** Adds a custom stage after `afterStageId` (Shortlisted or a custom stage), else after the last custom stage. */
export async function addStage(
  tx: Executor,
  opening: OpeningRow,
  input: { name: string; candidateLabel?: string | undefined; afterStageId?: string | undefined },
) {
  const stages = await stagesOf(tx, opening.id);
  const custom = stages.filter((stage) => stage.kind === 'custom');
  if (custom.length >= SHORTLISTING_LIMITS.maxCustomStages) {
    throw errors.conflict(`An opening can have at most ${SHORTLISTING_LIMITS.maxCustomStages} stages of its own.`);
  }
  assertNameFree(stages, input.name);
  const [created] = await tx
    .insert(openingStages)
    .values({
      openingId: opening.id,
      name: input.name,
      candidateLabel: input.candidateLabel ?? DEFAULT_CUSTOM_STAGE_LABEL,
      kind: 'custom',
      position: stages.length,
    })
    .returning();
  if (!created) throw new Error('stage insert returned nothing');
  let insertAt = stages.findIndex((stage) => stage.kind === 'offered');
  if (input.afterStageId) {
    const after = stageIn(stages, input.afterStageId, 'afterStageId');
    if (after.kind !== 'shortlisted' && after.kind !== 'custom') {
      throw errors.validation([
        { field: 'afterStageId', message: 'New stages go after Shortlisted or a stage of your own' },
      ]);
    }
    insertAt = stages.indexOf(after) + 1;
  }
  await renumber(tx, [...stages.slice(0, insertAt), created, ...stages.slice(insertAt)]);
  return { kind: 'stage.added', openingId: opening.id, details: { name: created.name } } satisfies AuditEntry;
}

export async function updateStage(
  tx: Executor,
  opening: OpeningRow,
  input: { stageId: string; name?: string | undefined; candidateLabel?: string | undefined },
) {
  const stages = await stagesOf(tx, opening.id);
  const stage = stageIn(stages, input.stageId, 'stageId');
  if (input.name !== undefined) assertNameFree(stages, input.name, stage.id);
  await tx
    .update(openingStages)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.candidateLabel !== undefined ? { candidateLabel: input.candidateLabel } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(openingStages.id, stage.id));
  return {
    kind: 'stage.changed',
    openingId: opening.id,
    details: {
      from: stage.name,
      to: input.name ?? stage.name,
      labelFrom: stage.candidateLabel,
      labelTo: input.candidateLabel ?? stage.candidateLabel,
    },
  } satisfies AuditEntry;
}

/** `stageIds` names every custom stage exactly once; the fixed stages keep their places. */
export async function reorderStages(tx: Executor, opening: OpeningRow, stageIds: string[]) {
  const stages = await stagesOf(tx, opening.id);
  const custom = stages.filter((stage) => stage.kind === 'custom');
  const same =
    stageIds.length === custom.length &&
    new Set(stageIds).size === stageIds.length &&
    stageIds.every((id) => custom.some((stage) => stage.id === id));
  if (!same) throw errors.validation([{ field: 'stageIds', message: 'List every stage of your own exactly once' }]);
  const reordered = stageIds.map((id) => custom.find((stage) => stage.id === id) as StageRow);
  await renumber(tx, [...stages.filter((stage) => stage.kind !== 'custom'), ...reordered]);
  const names = (list: StageRow[]) => list.map((stage) => stage.name).join(', ');
  return {
    kind: 'stages.reordered',
    openingId: opening.id,
    details: { from: names(stages), to: names(await stagesOf(tx, opening.id)) },
  } satisfies AuditEntry;
}

/** Removes a custom stage; its candidates first move to `targetStageId` (recorded like any move). */
export async function removeStage(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
  input: { stageId: string; targetStageId?: string | undefined },
) {
  const stages = await stagesOf(tx, opening.id);
  const stage = stageIn(stages, input.stageId, 'stageId');
  if (stage.kind !== 'custom') {
    throw errors.validation([
      { field: 'stageId', message: `${stage.name} is part of every pipeline and cannot be removed` },
    ]);
  }
  const [held] = await tx
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.openingId, opening.id), eq(applications.stageId, stage.id)));
  const moved = Number(held?.n ?? 0);
  let movedTo: string | null = null;
  if (moved > 0) {
    if (!input.targetStageId) {
      throw errors.validation([{ field: 'targetStageId', message: 'Choose where the candidates in this stage go' }]);
    }
    const target = stageIn(stages, input.targetStageId, 'targetStageId');
    if (target.id === stage.id) {
      throw errors.validation([{ field: 'targetStageId', message: 'Choose another stage' }]);
    }
    await moveApplications(tx, actor, access, opening, {
      toStageId: target.id,
      filter: { stageId: stage.id },
      reason: `Stage "${stage.name}" removed`,
    });
    movedTo = target.name;
  }
  await tx.delete(openingStages).where(eq(openingStages.id, stage.id));
  await renumber(
    tx,
    stages.filter((candidate) => candidate.id !== stage.id),
  );
  return {
    kind: 'stage.removed',
    openingId: opening.id,
    details: { name: stage.name, moved, movedTo },
  } satisfies AuditEntry;
}

interface MoveInput {
  toStageId: string;
  applicationIds?: string[] | undefined;
  filter?: ApplicationFilter | undefined;
  reason?: string | undefined;
}

/**
 * Moves the named applications, or every one matching the filter (services/shortlisting/filters.ts), to one stage. The applications are locked in id
 * order before their stage is read, so concurrent moves of the same candidates queue and each records the stage the
 * candidate really left: the history chains without gaps or duplicates.
 */
export async function moveApplications(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
  input: MoveInput,
): Promise<{ moved: number; bulkMoveId: string | null }> {
  const stages = await stagesOf(tx, opening.id);
  const target = stageIn(stages, input.toStageId, 'toStageId');
  if (input.filter?.stageId) stageIn(stages, input.filter.stageId, 'filter.stageId');
  const ids = input.applicationIds ? [...new Set(input.applicationIds)] : undefined;
  await readyForFilter(tx, opening.id, input.filter);
  const locked = await tx
    .select({ id: applications.id, stageId: applications.stageId })
    .from(applications)
    .where(
      and(
        eq(applications.openingId, opening.id),
        ids ? inArray(applications.id, ids) : undefined,
        ...(input.filter ? applicationFilterConditions(input.filter) : []),
      ),
    )
    .orderBy(asc(applications.id))
    .for('update');
  if (ids && locked.length !== ids.length) throw errors.notFound('A chosen application');
  const moving = locked.filter((row) => row.stageId !== target.id);
  if (moving.length === 0) return { moved: 0, bulkMoveId: null };
  const bulkMoveId = await recordMoves(
    tx,
    actor,
    access,
    opening,
    moving.map((row) => ({
      applicationId: row.id,
      from: stages.find((s) => s.id === row.stageId) ?? null,
      to: target,
    })),
    { reason: input.reason ?? null, undoesId: null },
  );
  return { moved: moving.length, bulkMoveId };
}

/**
 * Sets the stages, writes the history rows and the audit trail (one `candidate.moved` per application), and tells
 * the candidates (application.stageChanged).
 */
async function recordMoves(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
  moves: { applicationId: string; from: StageRow | null; to: StageRow }[],
  options: { reason: string | null; undoesId: string | null },
): Promise<string> {
  const [bulk] = await tx
    .insert(stageBulkMoves)
    .values({
      openingId: opening.id,
      actorId: actor.user.id,
      undoesId: options.undoesId,
      moved: moves.length,
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: stageBulkMoves.id });
  if (!bulk) throw new Error('bulk move insert returned nothing');
  const byTarget = new Map<string, string[]>();
  for (const move of moves) {
    const ids = byTarget.get(move.to.id);
    if (ids) ids.push(move.applicationId);
    else byTarget.set(move.to.id, [move.applicationId]);
  }
  for (const [stageId, applicationIds] of byTarget) {
    for (const part of chunks(applicationIds)) {
      await tx.update(applications).set({ stageId }).where(inArray(applications.id, part));
    }
  }
  for (const part of chunks(moves)) {
    await tx.insert(stageMoves).values(
      part.map((move) => ({
        applicationId: move.applicationId,
        bulkMoveId: bulk.id,
        fromStageId: move.from?.id ?? null,
        toStageId: move.to.id,
        fromStageName: move.from?.name ?? null,
        toStageName: move.to.name,
        actorId: actor.user.id,
        reason: options.reason,
      })),
    );
    await tx.insert(organizationAuditEvents).values(
      part.map((move) => ({
        organizationId: access.organizationId,
        actorUserId: actor.user.id,
        kind: 'candidate.moved' as const,
        openingId: opening.id,
        applicationId: move.applicationId,
        details: {
          from: move.from?.name ?? null,
          to: move.to.name,
          bulkMoveId: bulk.id,
          undo: options.undoesId !== null,
        },
      })),
    );
  }
  // The candidates hear it in the same transaction: one INSERT … SELECT over this move's history rows.
  await notifyStageMoves(tx, bulk.id);
  return bulk.id;
}

/**
 * Puts back the opening's latest move. Candidates moved again since (by anyone) stay where they are now; so do those
 * whose earlier stage was removed. The undo is itself recorded as moves.
 */
export async function undoBulkMove(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
  bulkMoveId: string,
): Promise<{ restored: number }> {
  const [latest] = await tx
    .select()
    .from(stageBulkMoves)
    .where(and(eq(stageBulkMoves.openingId, opening.id), isNull(stageBulkMoves.undoesId)))
    .orderBy(desc(stageBulkMoves.createdAt), desc(stageBulkMoves.id))
    .limit(1);
  if (!latest || latest.id !== bulkMoveId) {
    const [known] = await tx
      .select({ id: stageBulkMoves.id })
      .from(stageBulkMoves)
      .where(and(eq(stageBulkMoves.id, bulkMoveId), eq(stageBulkMoves.openingId, opening.id)));
    if (!known) throw errors.notFound('That move');
    throw errors.conflict('Only the latest move can be undone.');
  }
  if (latest.undoneAt !== null) throw errors.conflict('This move was already undone.');
  const stages = await stagesOf(tx, opening.id);
  const moves = await tx
    .select({
      applicationId: stageMoves.applicationId,
      fromStageId: stageMoves.fromStageId,
      toStageId: stageMoves.toStageId,
    })
    .from(stageMoves)
    .where(eq(stageMoves.bulkMoveId, latest.id));
  const ids = moves.map((move) => move.applicationId).sort();
  const current = new Map<string, string | null>();
  for (const part of chunks(ids)) {
    const rows = await tx
      .select({ id: applications.id, stageId: applications.stageId })
      .from(applications)
      .where(inArray(applications.id, part))
      .orderBy(asc(applications.id))
      .for('update');
    for (const row of rows) current.set(row.id, row.stageId);
  }
  const restoring = moves.flatMap((move) => {
    const from = stages.find((stage) => stage.id === move.fromStageId);
    const to = stages.find((stage) => stage.id === move.toStageId);
    return from && to && current.get(move.applicationId) === to.id
      ? [{ applicationId: move.applicationId, from: to, to: from }]
      : [];
  });
  await tx.update(stageBulkMoves).set({ undoneAt: sql`now()` }).where(eq(stageBulkMoves.id, latest.id));
  if (restoring.length > 0) {
    await recordMoves(tx, actor, access, opening, restoring, { reason: null, undoesId: latest.id });
  }
  return { restored: restoring.length };
}

export async function stageHistory(db: Executor, openingId: string, applicationId: string): Promise<StageMove[]> {
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.openingId, openingId)));
  if (!application) throw errors.notFound('That application');
  const rows = await db
    .select({ move: stageMoves, name: users.name, undoesId: stageBulkMoves.undoesId })
    .from(stageMoves)
    .innerJoin(stageBulkMoves, eq(stageBulkMoves.id, stageMoves.bulkMoveId))
    .leftJoin(users, eq(users.id, stageMoves.actorId))
    .where(eq(stageMoves.applicationId, applicationId))
    .orderBy(asc(stageMoves.at), asc(stageMoves.id));
  return rows.map(({ move, name, undoesId }) => ({
    id: move.id,
    fromStageName: move.fromStageName,
    toStageName: move.toStageName,
    by: { id: move.actorId, name: move.actorId === null ? null : name },
    at: move.at.toISOString(),
    reason: move.reason,
    bulkMoveId: move.bulkMoveId,
    undo: undoesId !== null,
  }));
}
