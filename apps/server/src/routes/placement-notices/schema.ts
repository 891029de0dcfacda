import {
  cellNoticeListSchema,
  cellNoticeSchema,
  createNoticeSchema,
  noticeIdBodySchema,
  noticeReceiptPageSchema,
  noticeReceiptsQuerySchema,
  statisticsQuerySchema,
  studentNoticePageSchema,
  studentNoticeSchema,
  studentNoticesQuerySchema,
  successEnvelope,
} from '@placely/contract';

const tags = ['placement'];

export const createNoticeRouteSchema = {
  tags,
  summary: "Posts a notice to a placement cycle's students (the cell's owners and coordinators)",
  description:
    'audience: all (every student of the cycle with an account), filter (branches, programmes and/or statuses; each list narrows), or stage (the candidates now in one stage of one of the cycle’s openings). Resolved once, now: each student reached gets the notice in-app and by mail as their notification preferences say (kind placement.notice). Attachments are files you uploaded.',
  body: createNoticeSchema,
  response: { 200: successEnvelope(cellNoticeSchema) },
};

export const cellNoticesRouteSchema = {
  tags,
  summary: "A placement cycle's notices, newest first, with how many each reached, read and acknowledged (the cell)",
  querystring: statisticsQuerySchema,
  response: { 200: successEnvelope(cellNoticeListSchema) },
};

export const noticeReceiptsRouteSchema = {
  tags,
  summary: 'Who a notice reached, and who read and acknowledged it (the cell; paged, by name)',
  querystring: noticeReceiptsQuerySchema,
  response: { 200: successEnvelope(noticeReceiptPageSchema) },
};

export const studentNoticesRouteSchema = {
  tags,
  summary: 'Your placement notices (of one cycle, or all), newest first, with how many are unread',
  querystring: studentNoticesQuerySchema,
  response: { 200: successEnvelope(studentNoticePageSchema) },
};

export const readNoticeRouteSchema = {
  tags,
  summary: 'Marks one of your placement notices read (the first time is kept)',
  body: noticeIdBodySchema,
  response: { 200: successEnvelope(studentNoticeSchema) },
};

export const acknowledgeNoticeRouteSchema = {
  tags,
  summary: 'Acknowledges one of your placement notices that asks for it ("I have read this")',
  body: noticeIdBodySchema,
  response: { 200: successEnvelope(studentNoticeSchema) },
};
