import { isoDateTimeSchema, requiredText } from './common';
import { applicationFilterSchema, SHORTLISTING_LIMITS } from './shortlisting';
import * as z from './zod';

/**
 * Messages to candidates from the pipeline (issue #40): one rejection with a reason, or a message to one or many
 * candidates, from the organization's templates. Merge fields are filled per candidate when the message is written;
 * a message goes out now or at a chosen time (cancellable until it is sent) through the notifications outbox, and is
 * kept on the candidate's timeline.
 */
export const MERGE_FIELDS = ['firstName', 'openingTitle', 'stageLabel'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const MESSAGE_LIMITS = {
  templateName: 80,
  subject: 150,
  body: 5000,
  reason: 500,
  /** Templates an organization keeps. */
  templatesPerOrganization: 200,
  templatesPageSize: 20,
  /** How far ahead a message can be scheduled. */
  scheduleMaxDays: 60,
  /** Messages shown per page of a candidate's timeline. */
  timelinePageSize: 50,
} as const;

export const MESSAGE_KINDS = ['message', 'rejection'] as const;
export type CandidateMessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export type CandidateMessageStatus = (typeof MESSAGE_STATUSES)[number];

const MERGE_TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;
const fieldList = MERGE_FIELDS.map((field) => `{{${field}}}`).join(', ');

/** The `{{…}}` names in a text that are not merge fields, in order of appearance, each once. */
export function unknownMergeFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(MERGE_TOKEN)) {
    const name = match[1] ?? '';
    if (!(MERGE_FIELDS as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/** `{{ firstName }}` written as `{{firstName}}`, so the server fills every field by plain replacement. */
export function normalizeMergeFields(text: string): string {
  return text.replace(MERGE_TOKEN, (whole, name: string) =>
    (MERGE_FIELDS as readonly string[]).includes(name) ? `{{${name}}}` : whole,
  );
}

/** A text with its merge fields filled (the preview; the server fills the same way in SQL). */
export function fillMergeFields(text: string, values: Record<MergeField, string>): string {
  return normalizeMergeFields(text).replace(
    /\{\{(firstName|openingTitle|stageLabel)\}\}/g,
    (_, name: MergeField) => values[name],
  );
}

export const unknownMergeFieldMessage = (name: string) => `Unknown merge field {{${name}}}: use ${fieldList}`;

/** Subject or body text with merge fields: refused at save when a `{{…}}` names no merge field. */
const mergeText = (max: number) =>
  requiredText(max)
    .superRefine((text, context) => {
      const [first] = unknownMergeFields(text);
      if (first !== undefined) context.addIssue({ code: 'custom', message: unknownMergeFieldMessage(first) });
    })
    .transform(normalizeMergeFields);

export const messageSubjectSchema = mergeText(MESSAGE_LIMITS.subject);
export const messageBodySchema = mergeText(MESSAGE_LIMITS.body);

/** Templates: the organization's own (every member reads them; owners and coordinators write them). */
export const messageTemplateInputSchema = z.strictObject({
  name: requiredText(MESSAGE_LIMITS.templateName),
  subject: messageSubjectSchema,
  body: messageBodySchema,
});
export type MessageTemplateInput = z.input<typeof messageTemplateInputSchema>;
export const messageTemplateUpdateSchema = messageTemplateInputSchema.extend({ id: z.uuid('Not a template id') });
export const messageTemplateIdQuerySchema = z.strictObject({ id: z.uuid('Not a template id') });
export const messageTemplatesQuerySchema = z.strictObject({
  page: z.coerce.number().int('Must be a whole number').min(1, 'Pages start at 1').max(1000).default(1),
});

export const messageTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subject: z.string(),
    body: z.string(),
    updatedAt: isoDateTimeSchema,
  })
  .meta({ id: 'MessageTemplate' });
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplatePageSchema = z
  .object({
    items: z.array(messageTemplateSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    abilities: z.object({ manage: z.boolean() }),
  })
  .meta({ id: 'MessageTemplatePage' });
export type MessageTemplatePage = z.infer<typeof messageTemplatePageSchema>;

const openingId = z.uuid('Not an opening id');
const applicationId = z.uuid('Not an application id');

/** When to send: absent means now; else a moment in the future, at most MESSAGE_LIMITS.scheduleMaxDays ahead. */
const sendAtSchema = isoDateTimeSchema.refine((value) => {
  const at = Date.parse(value);
  return at > Date.now() && at <= Date.now() + MESSAGE_LIMITS.scheduleMaxDays * 86_400_000;
}, `Choose a time in the future, at most ${MESSAGE_LIMITS.scheduleMaxDays} days ahead`);

const letterSchema = z.strictObject({
  subject: messageSubjectSchema,
  body: messageBodySchema,
  /** The template it was written from (kept on the timeline); the text sent is subject and body as given. */
  templateId: z.uuid('Not a template id').optional(),
});

/**
 * POST /api/organization/shortlisting/messages: a message to the candidates named by id, or every candidate matching
 * the filter (a stage is a filter too), now or at `sendAt`.
 */
export const messageSendBodySchema = letterSchema
  .extend({
    openingId,
    applicationIds: z
      .array(applicationId)
      .min(1, 'Choose at least one candidate')
      .max(SHORTLISTING_LIMITS.maxMoveIds)
      .optional(),
    filter: applicationFilterSchema.optional(),
    sendAt: sendAtSchema.optional(),
  })
  .refine((body) => (body.applicationIds === undefined) !== (body.filter === undefined), {
    message: 'Name the candidates or a filter, not both',
    path: ['applicationIds'],
  });
export type MessageSendBody = z.input<typeof messageSendBodySchema>;
export const messageSendResultSchema = z
  .object({ written: z.number().int(), scheduled: z.boolean() })
  .meta({ id: 'MessageSendResult' });
export type MessageSendResult = z.infer<typeof messageSendResultSchema>;

/**
 * POST /api/organization/shortlisting/reject: one candidate to the Rejected stage with a reason (kept in the stage
 * history, never shown to the candidate), and optionally a mail now or at `sendAt`. A candidate who is sent a
 * rejection mail sees the rejection once it is sent, whether or not the opening's rejections are released.
 */
export const rejectBodySchema = z.strictObject({
  openingId,
  applicationId,
  reason: requiredText(MESSAGE_LIMITS.reason),
  message: letterSchema.optional(),
  sendAt: sendAtSchema.optional(),
});
export type RejectBody = z.input<typeof rejectBodySchema>;

export const candidateMessageSchema = z
  .object({
    id: z.string(),
    kind: z.enum(MESSAGE_KINDS),
    subject: z.string(),
    body: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    sendAt: isoDateTimeSchema,
    sentAt: isoDateTimeSchema.nullable(),
    cancelledAt: isoDateTimeSchema.nullable(),
    authorName: z.string().nullable(),
    templateName: z.string().nullable(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'CandidateMessage' });
export type CandidateMessage = z.infer<typeof candidateMessageSchema>;

export const rejectResultSchema = z
  .object({
    /** False when the candidate was already in Rejected (the mail, if any, is still written). */
    moved: z.boolean(),
    message: candidateMessageSchema.nullable(),
  })
  .meta({ id: 'RejectResult' });
export type RejectResult = z.infer<typeof rejectResultSchema>;

/** GET /api/organization/shortlisting/messages?openingId=&applicationId=[&before=]: newest first. */
export const candidateMessagesQuerySchema = z.strictObject({
  openingId,
  applicationId,
  /** The cursor of the previous page (`createdAt|id`). */
  before: z
    .string()
    .max(100)
    .regex(/^[^|]+\|[0-9a-f-]{36}$/, 'Not a page cursor')
    .optional(),
});
export const candidateMessagePageSchema = z
  .object({
    items: z.array(candidateMessageSchema),
    nextCursor: z.string().nullable(),
    abilities: z.object({ send: z.boolean() }),
  })
  .meta({ id: 'CandidateMessagePage' });
export type CandidateMessagePage = z.infer<typeof candidateMessagePageSchema>;

/** POST /api/organization/shortlisting/messages/cancel: a scheduled message, until it is sent. */
export const messageCancelBodySchema = z.strictObject({ openingId, messageId: z.uuid('Not a message id') });

export const MESSAGE_TEXTS = {
  templateCreated: 'Template saved',
  templateUpdated: 'Template updated',
  templateDeleted: 'Template deleted',
  templateNameTaken: 'A template with this name already exists',
  templatesFull: `An organization keeps at most ${MESSAGE_LIMITS.templatesPerOrganization} templates`,
  sent: (count: number) => `Message sent to ${count} candidate${count === 1 ? '' : 's'}`,
  scheduled: (count: number) => `Message scheduled for ${count} candidate${count === 1 ? '' : 's'}`,
  none: 'No candidate matches: nothing was sent',
  rejected: 'Candidate rejected',
  rejectedAndSent: 'Candidate rejected and told',
  rejectedAndScheduled: 'Candidate rejected; the mail is scheduled',
  cancelled: 'Scheduled message cancelled',
  alreadySent: 'This message was already sent',
  alreadyCancelled: 'This message was already cancelled',
} as const;
