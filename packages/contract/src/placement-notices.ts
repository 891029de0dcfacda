import { requiredText } from './common';
import { noticeAudienceSchema, uuidSchema } from './placement';
import * as z from './zod';

/**
 * Notices of a placement cycle (issue 41, "Notices"): the cell posts one to an audience — every student of the cycle,
 * those of some branches, degrees or statuses, or the candidates in one stage of one opening ("shortlist published")
 * — with attachments and optionally asking for an acknowledgement. The audience is resolved once, when the notice is
 * posted: each student it reaches gets a receipt (read, acknowledged) and a `placement.notice` notification.
 */
export const NOTICE_LIMITS = {
  titleLength: 200,
  bodyLength: 10_000,
  maxAttachments: 10,
  pageSize: 50,
  maxPageSize: 200,
} as const;

export const createNoticeSchema = z.strictObject({
  cycleId: uuidSchema,
  title: requiredText(NOTICE_LIMITS.titleLength),
  body: requiredText(NOTICE_LIMITS.bodyLength),
  audience: noticeAudienceSchema,
  /** Files the poster uploaded (ready); students in the audience may open them. */
  attachmentFileIds: z
    .array(uuidSchema)
    .max(NOTICE_LIMITS.maxAttachments, `At most ${NOTICE_LIMITS.maxAttachments} attachments`)
    .default([]),
  requiresAck: z.boolean({ message: 'Must be true or false' }).default(false),
});
export type CreateNoticeInput = z.input<typeof createNoticeSchema>;

export const noticeAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
});

/** A notice as the cell sees it, with how many it reached, read it and acknowledged it. */
export const cellNoticeSchema = z
  .object({
    id: z.uuid(),
    cycleId: z.uuid(),
    title: z.string(),
    body: z.string(),
    audience: noticeAudienceSchema,
    attachments: z.array(noticeAttachmentSchema),
    requiresAck: z.boolean(),
    createdAt: z.string(),
    createdByName: z.string().nullable(),
    recipients: z.number().int(),
    read: z.number().int(),
    acknowledged: z.number().int(),
  })
  .meta({ id: 'CellNotice' });
export type CellNotice = z.infer<typeof cellNoticeSchema>;

export const cellNoticeListSchema = z.object({ items: z.array(cellNoticeSchema) });

/** A notice as a student of its audience sees it. */
export const studentNoticeSchema = z
  .object({
    id: z.uuid(),
    cycleId: z.uuid(),
    cycleName: z.string(),
    title: z.string(),
    body: z.string(),
    attachments: z.array(noticeAttachmentSchema),
    requiresAck: z.boolean(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    acknowledgedAt: z.string().nullable(),
  })
  .meta({ id: 'StudentNotice' });
export type StudentNotice = z.infer<typeof studentNoticeSchema>;

export const studentNoticePageSchema = z.object({
  items: z.array(studentNoticeSchema),
  unread: z.number().int(),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});

export const noticePageQuery = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(NOTICE_LIMITS.maxPageSize).default(NOTICE_LIMITS.pageSize),
};

export const studentNoticesQuerySchema = z.strictObject({ cycleId: uuidSchema.optional(), ...noticePageQuery });
export const noticeIdBodySchema = z.strictObject({ noticeId: uuidSchema });

export const RECEIPT_FILTERS = ['all', 'read', 'unread', 'acknowledged', 'unacknowledged'] as const;
export type ReceiptFilter = (typeof RECEIPT_FILTERS)[number];
export const noticeReceiptsQuerySchema = z.strictObject({
  noticeId: uuidSchema,
  show: z.enum(RECEIPT_FILTERS).default('all'),
  ...noticePageQuery,
});

export const noticeReceiptSchema = z.object({
  userId: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  readAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
});
export const noticeReceiptPageSchema = z.object({
  recipients: z.number().int(),
  read: z.number().int(),
  acknowledged: z.number().int(),
  items: z.array(noticeReceiptSchema),
  /** Rows matching `show`. */
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type NoticeReceiptPage = z.infer<typeof noticeReceiptPageSchema>;
