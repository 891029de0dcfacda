import { LIMITS } from './limits';
import * as z from './zod';

/**
 * Video tasks (issue #14): an opening asks candidates for a recorded answer — at apply time (every applicant of the
 * opening may answer) or later, to candidates the organization invites (one by one or everyone in a stage). The
 * candidate records in the browser or uploads a file at /UploadVideoForTask?task=; the organization watches and
 * scores at /watch?answer=.
 */
export const VIDEO_LIMITS = {
  minAnswerSeconds: 15,
  maxAnswerSeconds: 600,
  maxPreparationSeconds: 600,
  maxTakes: 10,
  titleLength: 200,
  promptLength: 5000,
  rubricItems: 10,
  rubricLabelLength: 120,
  commentLength: 2000,
  altTextLength: 300,
  /** A prompt video is short: at most this long (read from the container). */
  promptVideoSeconds: 300,
  inviteIds: 1000,
  /** Live (not deleted) tasks one opening may ask, as its stages and rating criteria are capped (issue 39). */
  liveTasksPerOpening: 10,
  /** A recording may run this much past the limit (the recorder stops on the second; containers round up). */
  durationGraceSeconds: 2,
  minScore: 1,
  maxScore: 5,
} as const;
/** The reminder goes this long before the deadline to invited candidates who have not submitted. */
export const VIDEO_REMINDER_BEFORE_DEADLINE_MS = 24 * 60 * 60 * 1000;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

export const VIDEO_TASK_MESSAGES = {
  created: 'Video task added',
  tooManyTasks: `An opening can ask at most ${VIDEO_LIMITS.liveTasksPerOpening} video tasks at a time; remove one before adding another.`,
  updated: 'Video task saved',
  deleted: 'Video task removed; answers already submitted are kept',
  invited: (count: number) => `${count} ${count === 1 ? 'candidate' : 'candidates'} invited`,
  takeSaved: 'Take saved',
  submitted: 'Answer submitted',
  scored: 'Scores saved',
  commented: 'Comment added',
  notVideo: 'This file is not a video we can play. Upload an MP4, WebM or MOV video.',
  tooLong: (seconds: number) => `The video is longer than the ${formatSeconds(seconds)} this task allows.`,
  noTakesLeft: 'No takes are left for this task.',
  deadlinePassed: 'The deadline for this task has passed.',
  alreadySubmitted: 'You have already submitted your answer to this task.',
  notInvited: 'Only candidates invited to this task can answer it.',
  uploadNotAllowed: 'This task asks for a recording made here; uploading a file is not allowed.',
  noTake: 'Record or upload a take before submitting.',
  notPromptVideo: 'This file is not a video we can play. Upload an MP4 or WebM video.',
  promptVideoTooLong: `A prompt video can be at most ${formatSeconds(VIDEO_LIMITS.promptVideoSeconds)} long.`,
  imageOrVideo: 'Show an image or a video above the question, not both.',
} as const;

export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export const rubricItemSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Rubric ids use letters, digits, "_" or "-"'),
  label: z.string().trim().min(1, 'Required').max(VIDEO_LIMITS.rubricLabelLength),
});
export type RubricItem = z.infer<typeof rubricItemSchema>;

const taskFields = {
  title: z.string().trim().min(1, 'Give the task a title').max(VIDEO_LIMITS.titleLength),
  /** Rich text (sanitized on the server like opening descriptions). */
  prompt: z.string().trim().min(1, 'Write the question').max(VIDEO_LIMITS.promptLength),
  preparationSeconds: z.number().int().min(0).max(VIDEO_LIMITS.maxPreparationSeconds),
  maxAnswerSeconds: z.number().int().min(VIDEO_LIMITS.minAnswerSeconds).max(VIDEO_LIMITS.maxAnswerSeconds),
  takesAllowed: z.number().int().min(1).max(VIDEO_LIMITS.maxTakes),
  deadline: z.iso.datetime({ offset: true }).nullable(),
  allowUpload: z.boolean(),
  /** Asked at apply time: every applicant of the opening may answer, no invitation needed. */
  askAtApply: z.boolean(),
  /** An image shown above the question (uploaded with purpose videoPromptImage); alt text is required. */
  promptImage: z
    .strictObject({
      fileId: z.uuid('Not a file id'),
      alt: z.string().trim().min(1, 'Describe the image for people who cannot see it').max(VIDEO_LIMITS.altTextLength),
    })
    .nullable()
    .default(null),
  /**
   * A short video shown above the question instead of an image (uploaded with purpose videoPrompt), with optional
   * WebVTT captions (purpose videoCaptions).
   */
  promptVideo: z
    .strictObject({
      fileId: z.uuid('Not a file id'),
      captionsFileId: z.uuid('Not a file id').nullable().default(null),
    })
    .nullable()
    .default(null),
  rubric: z
    .array(rubricItemSchema)
    .min(1, 'Add at least one rubric item')
    .max(VIDEO_LIMITS.rubricItems)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'Rubric ids must be unique'),
};

export const videoTaskCreateBodySchema = z.strictObject({ openingId: z.uuid('Not an opening id'), ...taskFields });
export type VideoTaskCreateBody = z.infer<typeof videoTaskCreateBodySchema>;
export const videoTaskUpdateBodySchema = z.strictObject({ id: z.uuid('Not a task id'), ...taskFields });
export type VideoTaskUpdateBody = z.infer<typeof videoTaskUpdateBodySchema>;
export const videoTaskIdQuerySchema = z.strictObject({ id: z.uuid('Not a task id') });
export const videoTasksQuerySchema = z.strictObject({ openingId: z.uuid('Not an opening id') });
export const videoTaskPageQuerySchema = z.strictObject({ task: z.uuid('Not a task id') });

/** Invite candidates of the task's opening: chosen applications, or everyone now in a stage. */
export const videoTaskInviteBodySchema = z
  .strictObject({
    taskId: z.uuid('Not a task id'),
    applicationIds: z.array(z.uuid('Not an application id')).max(VIDEO_LIMITS.inviteIds).optional(),
    stageId: z.uuid('Not a stage id').optional(),
  })
  .refine((body) => (body.applicationIds?.length ?? 0) > 0 || body.stageId !== undefined, {
    message: 'Choose candidates or a stage',
    path: ['applicationIds'],
  });
export type VideoTaskInviteBody = z.infer<typeof videoTaskInviteBodySchema>;

export const videoTaskSchema = z
  .object({
    id: z.string(),
    openingId: z.string(),
    title: z.string(),
    prompt: z.string(),
    preparationSeconds: z.number(),
    maxAnswerSeconds: z.number(),
    takesAllowed: z.number(),
    deadline: z.string().nullable(),
    allowUpload: z.boolean(),
    askAtApply: z.boolean(),
    rubric: z.array(z.object({ id: z.string(), label: z.string() })),
    /** The image above the question: a public URL while the task uses it, and its alt text. */
    promptImage: z.object({ fileId: z.string(), url: z.string(), alt: z.string() }).nullable(),
    /** The video above the question (instead of an image): public URLs while the task uses them. */
    promptVideo: z
      .object({
        fileId: z.string(),
        url: z.string(),
        captions: z.object({ fileId: z.string(), url: z.string() }).nullable(),
      })
      .nullable(),
    /** Largest file accepted (the server's VIDEO_MAX_BYTES). */
    maxUploadBytes: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'VideoTask' });
export type VideoTask = z.infer<typeof videoTaskSchema>;

export const videoTaskSummarySchema = videoTaskSchema.extend({
  invited: z.number().int(),
  submitted: z.number().int(),
});
export type VideoTaskSummary = z.infer<typeof videoTaskSummarySchema>;
export const videoTaskListSchema = z.object({
  items: z.array(videoTaskSummarySchema),
  abilities: z.object({ manage: z.boolean() }),
});
export type VideoTaskList = z.infer<typeof videoTaskListSchema>;

export const videoTakeSchema = z.object({
  fileId: z.string(),
  durationSeconds: z.number(),
  contentType: z.string(),
  size: z.number(),
  source: z.enum(['recording', 'upload']),
});
export type VideoTake = z.infer<typeof videoTakeSchema>;

/** The candidate's own answer as the answering page shows it. */
export const ownVideoAnswerSchema = z.object({
  id: z.string(),
  takesUsed: z.number().int(),
  take: videoTakeSchema.nullable(),
  submittedAt: z.string().nullable(),
});
export type OwnVideoAnswer = z.infer<typeof ownVideoAnswerSchema>;

/** GET /api/videoTask?task=: public (signed out too), the viewer part only for a signed-in candidate. */
export const videoTaskPageSchema = z
  .object({
    task: videoTaskSchema,
    opening: z.object({ id: z.string(), title: z.string() }),
    organization: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable() }),
    viewer: z
      .object({
        canAnswer: z.boolean(),
        /** Why the viewer cannot answer (not invited, deadline passed, …). */
        reason: z.string().nullable(),
        takesLeft: z.number().int(),
        answer: ownVideoAnswerSchema.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'VideoTaskPage' });
export type VideoTaskPage = z.infer<typeof videoTaskPageSchema>;

export const videoTakeBodySchema = z.strictObject({
  taskId: z.uuid('Not a task id'),
  fileId: z.uuid('Not a file id'),
  source: z.enum(['recording', 'upload']),
  posterFileId: z.uuid('Not a file id').optional(),
});
export type VideoTakeBody = z.infer<typeof videoTakeBodySchema>;
export const videoSubmitBodySchema = z.strictObject({ taskId: z.uuid('Not a task id') });

/** A pending task in the candidate's applications list (/forms). */
export const pendingVideoTaskSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  openingTitle: z.string(),
  organizationName: z.string(),
  deadline: z.string().nullable(),
});
export const pendingVideoTasksSchema = z.object({ items: z.array(pendingVideoTaskSchema) });
export type PendingVideoTask = z.infer<typeof pendingVideoTaskSchema>;

export const videoScoreSchema = z.object({ itemId: z.string(), score: z.number().int() });
export const videoCommentSchema = z.object({
  id: z.string(),
  atSeconds: z.number(),
  body: z.string(),
  authorName: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type VideoComment = z.infer<typeof videoCommentSchema>;

/** An answer in the organization's list for one task (the responses view). */
export const videoAnswerRowSchema = z.object({
  id: z.string(),
  applicationId: z.string().nullable(),
  candidateName: z.string(),
  durationSeconds: z.number().nullable(),
  submittedAt: z.string().nullable(),
  /** Mean of every reviewer's scores over every rubric item; null before the first score. */
  averageScore: z.number().nullable(),
  reviewers: z.number().int(),
  posterUrl: z.string().nullable(),
});
export type VideoAnswerRow = z.infer<typeof videoAnswerRowSchema>;
/** GET /api/organization/videoTasks/answers?taskId=&cursor=&limit=: keyset-paged by (submitted at, id), oldest first. */
export const videoAnswersQuerySchema = z.strictObject({
  taskId: z.uuid('Not a task id'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.maxPageSize),
});
export type VideoAnswersQuery = z.input<typeof videoAnswersQuerySchema>;
export const videoAnswerListSchema = z.object({
  task: videoTaskSchema,
  items: z.array(videoAnswerRowSchema),
  /** The next page's cursor, null on the last page. */
  nextCursor: z.string().nullable(),
});
export type VideoAnswerList = z.infer<typeof videoAnswerListSchema>;

/** GET /api/videoAnswer?answer=: /watch. */
export const videoAnswerQuerySchema = z.strictObject({ answer: z.uuid('Not an answer id') });
export const videoAnswerViewSchema = z
  .object({
    id: z.string(),
    task: videoTaskSchema,
    opening: z.object({ id: z.string(), title: z.string() }),
    candidateName: z.string(),
    submittedAt: z.string().nullable(),
    durationSeconds: z.number().nullable(),
    contentType: z.string().nullable(),
    /** A signed, short-lived link to the bytes (range requests supported). */
    videoUrl: z.string(),
    posterUrl: z.string().nullable(),
    linkExpiresAt: z.string(),
    /** Everyone's mean per rubric item, and the viewer's own scores. */
    averages: z.array(z.object({ itemId: z.string(), average: z.number().nullable(), count: z.number().int() })),
    averageScore: z.number().nullable(),
    myScores: z.array(videoScoreSchema),
    comments: z.array(videoCommentSchema),
    previousAnswerId: z.string().nullable(),
    nextAnswerId: z.string().nullable(),
    abilities: z.object({ score: z.boolean(), comment: z.boolean() }),
  })
  .meta({ id: 'VideoAnswerView' });
export type VideoAnswerView = z.infer<typeof videoAnswerViewSchema>;

export const videoScoreBodySchema = z.strictObject({
  answerId: z.uuid('Not an answer id'),
  scores: z
    .array(
      z.strictObject({
        itemId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a rubric item'),
        score: z.number().int().min(VIDEO_LIMITS.minScore).max(VIDEO_LIMITS.maxScore),
      }),
    )
    .min(1)
    .max(VIDEO_LIMITS.rubricItems),
});
export type VideoScoreBody = z.infer<typeof videoScoreBodySchema>;
export const videoCommentBodySchema = z.strictObject({
  answerId: z.uuid('Not an answer id'),
  atSeconds: z
    .number()
    .min(0)
    .max(VIDEO_LIMITS.maxAnswerSeconds + VIDEO_LIMITS.durationGraceSeconds),
  body: z.string().trim().min(1, 'Write a comment').max(VIDEO_LIMITS.commentLength),
});
export type VideoCommentBody = z.infer<typeof videoCommentBodySchema>;

export const VIDEO_PAGE_SIZE = LIMITS.maxPageSize;
