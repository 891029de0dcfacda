import {
  notificationLinks,
  type OwnVideoAnswer,
  publicFilePath,
  VIDEO_LIMITS,
  VIDEO_REMINDER_BEFORE_DEADLINE_MS,
  VIDEO_TASK_MESSAGES,
  type VideoTask,
  type VideoTaskCreateBody,
} from '@placely/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import {
  applications,
  files,
  openings,
  organizationProfiles,
  users,
  videoAnswers,
  videoTaskInvitations,
  videoTasks,
} from '../../db/schema';
import { errors } from '../../errors';
import { authorize } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import type { VideoAnswerFacts } from '../../policies/video';
import type { OpeningRow } from '../../presenters/opening';
import { sanitizeRichText } from '../html';
import { notify } from '../notifications';

export type VideoTaskRow = typeof videoTasks.$inferSelect;
export type VideoAnswerRow = typeof videoAnswers.$inferSelect;

export function presentVideoTask(row: VideoTaskRow, maxUploadBytes: number): VideoTask {
  return {
    id: row.id,
    openingId: row.openingId,
    title: row.title,
    prompt: row.prompt,
    preparationSeconds: row.preparationSeconds,
    maxAnswerSeconds: row.maxAnswerSeconds,
    takesAllowed: row.takesAllowed,
    deadline: row.deadline?.toISOString() ?? null,
    allowUpload: row.allowUpload,
    askAtApply: row.askAtApply,
    rubric: row.rubric.map((item) => ({ id: item.id, label: item.label })),
    promptImage: row.promptImageFileId
      ? { fileId: row.promptImageFileId, url: publicFilePath(row.promptImageFileId), alt: row.promptImageAlt ?? '' }
      : null,
    promptVideo: row.promptVideoFileId
      ? {
          fileId: row.promptVideoFileId,
          url: publicFilePath(row.promptVideoFileId),
          captions: row.promptCaptionsFileId
            ? { fileId: row.promptCaptionsFileId, url: publicFilePath(row.promptCaptionsFileId) }
            : null,
        }
      : null,
    maxUploadBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored columns of a task body: the prompt sanitized like opening descriptions. */
export function taskValues(body: Omit<VideoTaskCreateBody, 'openingId'>) {
  return {
    title: body.title,
    prompt: sanitizeRichText(body.prompt),
    preparationSeconds: body.preparationSeconds,
    maxAnswerSeconds: body.maxAnswerSeconds,
    takesAllowed: body.takesAllowed,
    deadline: body.deadline ? new Date(body.deadline) : null,
    allowUpload: body.allowUpload,
    askAtApply: body.askAtApply,
    rubric: body.rubric,
    promptImageFileId: body.promptImage?.fileId ?? null,
    promptImageAlt: body.promptImage?.alt ?? null,
    promptVideoFileId: body.promptVideo?.fileId ?? null,
    promptCaptionsFileId: body.promptVideo?.captionsFileId ?? null,
  };
}

/**
 * A prompt image the caller may attach: the one the task already shows, or a ready `videoPromptImage` file the caller
 * uploaded. Anything else is a 400 naming `promptImage.fileId`.
 */
export async function checkPromptImage(
  db: Executor,
  actor: Actor,
  image: { fileId: string } | null | undefined,
  current: VideoTaskRow | null,
) {
  if (!image || image.fileId === current?.promptImageFileId) return;
  const [file] = await db
    .select({ purpose: files.purpose })
    .from(files)
    .where(and(eq(files.id, image.fileId), eq(files.ownerId, actor.user.id), eq(files.status, 'ready')));
  if (file?.purpose !== 'videoPromptImage') {
    throw errors.validation([
      { field: 'promptImage.fileId', message: 'Upload the image first (your own, purpose videoPromptImage).' },
    ]);
  }
}

/**
 * A prompt video (and its captions) the caller may attach, the same way as a prompt image: the ones the task already
 * shows, or ready files the caller uploaded with purpose videoPrompt (at most VIDEO_LIMITS.promptVideoSeconds long)
 * and videoCaptions. An image and a video together, or anything else, is a 400 naming the field.
 */
export async function checkPromptVideo(
  db: Executor,
  actor: Actor,
  body: Pick<VideoTaskCreateBody, 'promptImage' | 'promptVideo'>,
  current: VideoTaskRow | null,
) {
  const video = body.promptVideo;
  if (!video) return;
  if (body.promptImage) throw errors.validation([{ field: 'promptVideo', message: VIDEO_TASK_MESSAGES.imageOrVideo }]);
  const ownReady = async (fileId: string) => {
    const [file] = await db
      .select({ purpose: files.purpose, durationSeconds: files.durationSeconds })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.ownerId, actor.user.id), eq(files.status, 'ready')));
    return file;
  };
  if (video.fileId !== current?.promptVideoFileId) {
    const file = await ownReady(video.fileId);
    if (file?.purpose !== 'videoPrompt') {
      throw errors.validation([
        { field: 'promptVideo.fileId', message: 'Upload the video first (your own, purpose videoPrompt).' },
      ]);
    }
    if (
      file.durationSeconds === null ||
      file.durationSeconds > VIDEO_LIMITS.promptVideoSeconds + VIDEO_LIMITS.durationGraceSeconds
    ) {
      throw errors.validation([{ field: 'promptVideo.fileId', message: VIDEO_TASK_MESSAGES.promptVideoTooLong }]);
    }
  }
  const captions = video.captionsFileId;
  if (captions && captions !== current?.promptCaptionsFileId) {
    if ((await ownReady(captions))?.purpose !== 'videoCaptions') {
      throw errors.validation([
        {
          field: 'promptVideo.captionsFileId',
          message: 'Upload the captions first (your own WebVTT file, purpose videoCaptions).',
        },
      ]);
    }
  }
}

const PROMPT_FILE_COLUMNS = ['promptImageFileId', 'promptVideoFileId', 'promptCaptionsFileId'] as const;

/**
 * The prompt files an edit replaced or removed are never shown again: their rows go in the edit's transaction (unless
 * another task shows the same file) and the storage keys are returned, for the caller to delete the bytes after
 * commit — as a replaced take's are.
 */
export async function dropReplacedPromptFiles(
  tx: Executor,
  before: VideoTaskRow,
  after: VideoTaskRow,
): Promise<string[]> {
  const kept = new Set(PROMPT_FILE_COLUMNS.map((column) => after[column]));
  const dropped = PROMPT_FILE_COLUMNS.map((column) => before[column]).filter(
    (id): id is string => id !== null && !kept.has(id),
  );
  const keys: string[] = [];
  for (const id of new Set(dropped)) {
    const [removed] = await tx
      .delete(files)
      .where(
        and(
          eq(files.id, id),
          sql`not exists (select 1 from ${videoTasks} where ${videoTasks.id} <> ${after.id} and (${videoTasks.promptImageFileId} = ${id} or ${videoTasks.promptVideoFileId} = ${id} or ${videoTasks.promptCaptionsFileId} = ${id}))`,
        ),
      )
      .returning({ storageKey: files.storageKey });
    if (removed) keys.push(removed.storageKey);
  }
  return keys;
}

const EDITABLE = [
  'promptImageFileId',
  'promptImageAlt',
  'promptVideoFileId',
  'promptCaptionsFileId',
  'title',
  'prompt',
  'preparationSeconds',
  'maxAnswerSeconds',
  'takesAllowed',
  'deadline',
  'allowUpload',
  'askAtApply',
  'rubric',
] as const;

/** The fields an edit changed, for the audit trail (names only, never the values). */
export function changedFields(before: VideoTaskRow, after: VideoTaskRow): string[] {
  const value = (row: VideoTaskRow, field: (typeof EDITABLE)[number]) => {
    const v = row[field];
    return v instanceof Date ? v.getTime() : JSON.stringify(v);
  };
  return EDITABLE.filter((field) => value(before, field) !== value(after, field));
}

/** A live task of the caller's organization with its opening, authorized for `action` (another's is a 404). */
export async function loadOwnTask(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  taskId: string,
  action: 'videoTask.manage' | 'videoTask.review',
  options: { includeDeleted?: boolean } = {},
): Promise<{ task: VideoTaskRow; opening: OpeningRow }> {
  const [row] = await db
    .select({ task: videoTasks, opening: openings })
    .from(videoTasks)
    .innerJoin(openings, eq(openings.id, videoTasks.openingId))
    .where(
      and(
        eq(videoTasks.id, taskId),
        eq(openings.organizationId, access.organizationId),
        options.includeDeleted ? undefined : isNull(videoTasks.deletedAt),
      ),
    );
  if (!row) throw errors.notFound('That video task');
  authorize(actor, action, { access, opening: row.opening });
  return row;
}

/** A task with its opening and organization, as anyone may see it (signed out too). */
export async function loadPublicTask(db: Executor, taskId: string) {
  const [row] = await db
    .select({
      task: videoTasks,
      opening: openings,
      organizationName: sql<string>`coalesce(${organizationProfiles.name}, ${users.name}, '')`,
      logo: organizationProfiles.logo,
    })
    .from(videoTasks)
    .innerJoin(openings, eq(openings.id, videoTasks.openingId))
    .innerJoin(users, eq(users.id, openings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
    .where(and(eq(videoTasks.id, taskId), isNull(videoTasks.deletedAt), isNull(openings.deletedAt)));
  if (!row) throw errors.notFound('That video task');
  return row;
}

/** What a candidate's answering stands on: invitation, application to the opening, their answer so far. */
export async function answerFactsOf(
  db: Executor,
  task: VideoTaskRow,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<VideoAnswerFacts & { answerRow: VideoAnswerRow | null }> {
  const [invited, applied] = await readTogether(db, [
    () =>
      db
        .select({ taskId: videoTaskInvitations.taskId })
        .from(videoTaskInvitations)
        .where(and(eq(videoTaskInvitations.taskId, task.id), eq(videoTaskInvitations.userId, userId))),
    () =>
      db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.openingId, task.openingId), eq(applications.applicantId, userId))),
  ]);
  const query = db
    .select()
    .from(videoAnswers)
    .where(and(eq(videoAnswers.taskId, task.id), eq(videoAnswers.candidateId, userId)));
  const [answerRow] = options.lock ? await query.for('update') : await query;
  return {
    task,
    invited: invited.length > 0,
    applied: applied.length > 0,
    answer: answerRow ? { takesUsed: answerRow.takesUsed, submittedAt: answerRow.submittedAt } : null,
    answerRow: answerRow ?? null,
    now: new Date(),
  };
}

export async function presentOwnAnswer(db: Executor, row: VideoAnswerRow | null): Promise<OwnVideoAnswer | null> {
  if (!row) return null;
  const [file] = row.fileId ? await db.select().from(files).where(eq(files.id, row.fileId)) : [];
  return {
    id: row.id,
    takesUsed: row.takesUsed,
    take:
      file && row.source
        ? {
            fileId: file.id,
            durationSeconds: row.durationSeconds ?? 0,
            contentType: file.contentType ?? '',
            size: file.size,
            source: row.source,
          }
        : null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/**
 * Invites candidates (applications of the task's opening, chosen or everyone now in a stage): an invitation row
 * and the `videoTask.invited` notification in the caller's transaction, once per person however often it is sent.
 * Answers the people newly invited, for the reminder jobs scheduled after commit.
 */
export async function inviteCandidates(
  tx: Executor,
  input: {
    task: VideoTaskRow;
    opening: OpeningRow;
    organizationName: string;
    invitedBy: number;
    applicationIds?: string[];
    stageId?: string;
  },
): Promise<number[]> {
  const { task, opening } = input;
  const filters = [eq(applications.openingId, opening.id)];
  if (input.applicationIds?.length) filters.push(inArray(applications.id, input.applicationIds));
  if (input.stageId) filters.push(eq(applications.stageId, input.stageId));
  const chosen = await tx
    .select({ id: applications.id, applicantId: applications.applicantId })
    .from(applications)
    .where(and(...filters));
  if (input.applicationIds?.length && chosen.length !== new Set(input.applicationIds).size) {
    throw errors.validation([{ field: 'applicationIds', message: 'Choose applications to this opening' }]);
  }
  if (chosen.length === 0) return [];
  const inserted = await tx
    .insert(videoTaskInvitations)
    .values(
      chosen.map((row) => ({
        taskId: task.id,
        userId: row.applicantId,
        applicationId: row.id,
        invitedBy: input.invitedBy,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: videoTaskInvitations.userId });
  await notify(
    tx,
    inserted.map((row) => ({
      recipientId: row.userId,
      kind: 'videoTask.invited' as const,
      dedupeKey: `videoTask.invited:${task.id}:${row.userId}`,
      link: notificationLinks.videoTask(task.id),
      payload: {
        taskTitle: task.title,
        openingTitle: opening.title,
        organizationName: input.organizationName,
        deadline: task.deadline ? task.deadline.toUTCString() : '',
      },
    })),
  );
  return inserted.map((row) => row.userId);
}

/** When the 24-hours-before-deadline reminder is due, or undefined when there is no deadline or it is too close. */
export function reminderTimeOf(task: VideoTaskRow, now = new Date()): Date | undefined {
  if (!task.deadline) return undefined;
  const at = new Date(task.deadline.getTime() - VIDEO_REMINDER_BEFORE_DEADLINE_MS);
  return at.getTime() > now.getTime() ? at : undefined;
}

/**
 * The reminder job's work: the `videoTask.reminder` notification for an invited candidate who has not submitted,
 * while the task is live and its deadline unchanged since the job was scheduled (a moved deadline schedules anew).
 */
export async function sendVideoTaskReminder(db: Executor, job: { taskId: string; userId: number; deadline: string }) {
  const [row] = await db
    .select({ task: videoTasks, openingTitle: openings.title, submittedAt: videoAnswers.submittedAt })
    .from(videoTasks)
    .innerJoin(openings, eq(openings.id, videoTasks.openingId))
    .innerJoin(
      videoTaskInvitations,
      and(eq(videoTaskInvitations.taskId, videoTasks.id), eq(videoTaskInvitations.userId, job.userId)),
    )
    .leftJoin(videoAnswers, and(eq(videoAnswers.taskId, videoTasks.id), eq(videoAnswers.candidateId, job.userId)))
    .where(and(eq(videoTasks.id, job.taskId), isNull(videoTasks.deletedAt), isNull(openings.deletedAt)));
  if (!row || row.submittedAt || row.task.deadline?.toISOString() !== job.deadline) return false;
  await notify(db, [
    {
      recipientId: job.userId,
      kind: 'videoTask.reminder',
      dedupeKey: `videoTask.reminder:${job.taskId}:${job.userId}:${job.deadline}`,
      link: notificationLinks.videoTask(job.taskId),
      payload: { taskTitle: row.task.title, openingTitle: row.openingTitle, deadline: row.task.deadline.toUTCString() },
    },
  ]);
  return true;
}

/** Rows of a raw `db.execute` (the same shape from pg and PGlite). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
