import type { RubricItem } from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './foundation';
import { applications, openings } from './openings';

/**
 * A video task of an opening. Deleting a task only sets `deleted_at`, so answers already submitted stay readable;
 * they go with the opening (ON DELETE CASCADE from openings).
 */
export const videoTasks = pgTable(
  'video_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    prompt: text('prompt').notNull(),
    preparationSeconds: integer('preparation_seconds').notNull(),
    maxAnswerSeconds: integer('max_answer_seconds').notNull(),
    takesAllowed: integer('takes_allowed').notNull(),
    deadline: timestamp('deadline', { withTimezone: true, precision: 3 }),
    allowUpload: boolean('allow_upload').notNull(),
    askAtApply: boolean('ask_at_apply').notNull(),
    rubric: jsonb('rubric').$type<RubricItem[]>().notNull(),
    /** An image shown above the question (purpose videoPromptImage), with its alt text. */
    promptImageFileId: uuid('prompt_image_file_id').references(() => files.id, { onDelete: 'set null' }),
    promptImageAlt: text('prompt_image_alt'),
    /** Or a short video shown above the question (purpose videoPrompt), with optional captions (videoCaptions). */
    promptVideoFileId: uuid('prompt_video_file_id').references(() => files.id, { onDelete: 'set null' }),
    promptCaptionsFileId: uuid('prompt_captions_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('video_tasks_opening_idx').on(table.openingId, table.createdAt),
    index('video_tasks_prompt_image_idx').on(table.promptImageFileId),
    index('video_tasks_prompt_video_idx').on(table.promptVideoFileId),
    index('video_tasks_prompt_captions_idx').on(table.promptCaptionsFileId),
    check('video_tasks_answer_length', sql`${table.maxAnswerSeconds} BETWEEN 15 AND 600`),
    check('video_tasks_takes', sql`${table.takesAllowed} >= 1`),
  ],
);

/** Who was asked to answer a task asked later (applicants of an apply-time task need no row). */
export const videoTaskInvitations = pgTable(
  'video_task_invitations',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => videoTasks.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.userId] }),
    index('video_task_invitations_user_idx').on(table.userId),
  ],
);

/**
 * One candidate's answer to one task: the current take (a `video` file), how many takes were used, and when it was
 * submitted (null while the candidate is still taking). Takes are counted by the server as they are attached.
 */
export const videoAnswers = pgTable(
  'video_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => videoTasks.id, { onDelete: 'cascade' }),
    candidateId: bigint('candidate_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    posterFileId: uuid('poster_file_id').references(() => files.id, { onDelete: 'set null' }),
    durationSeconds: doublePrecision('duration_seconds'),
    source: text('source', { enum: ['recording', 'upload'] }),
    takesUsed: integer('takes_used').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('video_answers_task_candidate_key').on(table.taskId, table.candidateId),
    index('video_answers_task_submitted_idx').on(table.taskId, table.submittedAt, table.id),
    index('video_answers_candidate_idx').on(table.candidateId),
    // Deleting a file (a retake, a removed upload) sets these to null: without them that read every answer.
    index('video_answers_file_idx').on(table.fileId),
    index('video_answers_poster_file_idx').on(table.posterFileId),
  ],
);

/** One reviewer's 1–5 score on one rubric item of one answer. */
export const videoScores = pgTable(
  'video_scores',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => videoAnswers.id, { onDelete: 'cascade' }),
    reviewerId: bigint('reviewer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    score: integer('score').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.answerId, table.reviewerId, table.itemId] }),
    check('video_scores_range', sql`${table.score} BETWEEN 1 AND 5`),
  ],
);

/** A time-stamped comment on an answer. */
export const videoComments = pgTable(
  'video_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    answerId: uuid('answer_id')
      .notNull()
      .references(() => videoAnswers.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    atSeconds: doublePrecision('at_seconds').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('video_comments_answer_idx').on(table.answerId, table.atSeconds)],
);
