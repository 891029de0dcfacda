import {
  candidateMessagePageSchema,
  candidateMessageSchema,
  candidateMessagesQuerySchema,
  messageCancelBodySchema,
  messageSendBodySchema,
  messageSendResultSchema,
  messageTemplateIdQuerySchema,
  messageTemplateInputSchema,
  messageTemplatePageSchema,
  messageTemplateSchema,
  messageTemplatesQuerySchema,
  messageTemplateUpdateSchema,
  rejectBodySchema,
  rejectResultSchema,
  successEnvelope,
  z,
} from '@placely/contract';
import { actingForOrganization } from '../../http/acting-for';

const tags = ['shortlisting'];

export const templatesRouteSchema = actingForOrganization({
  tags,
  summary: 'The organization’s message templates, by name, a page at a time; every member reads them',
  querystring: messageTemplatesQuerySchema,
  response: { 200: successEnvelope(messageTemplatePageSchema) },
});
export const createTemplateRouteSchema = actingForOrganization({
  tags,
  summary:
    'Adds a message template (owners and coordinators). Merge fields: {{firstName}}, {{openingTitle}}, {{stageLabel}}; any other {{…}} is refused, naming it',
  body: messageTemplateInputSchema,
  response: { 200: successEnvelope(messageTemplateSchema) },
});
export const updateTemplateRouteSchema = actingForOrganization({
  tags,
  summary: 'Changes a message template (owners and coordinators); messages already written keep their text',
  body: messageTemplateUpdateSchema,
  response: { 200: successEnvelope(messageTemplateSchema) },
});
export const deleteTemplateRouteSchema = actingForOrganization({
  tags,
  summary: 'Removes a message template (owners and coordinators); messages written from it keep their text',
  querystring: messageTemplateIdQuerySchema,
  response: { 200: successEnvelope(z.object({ id: z.string() })) },
});
export const sendMessagesRouteSchema = actingForOrganization({
  tags,
  summary:
    'Writes a message to candidates — by application ids, or every candidate matching a filter (a stage is a filter) — now or at sendAt; merge fields are filled per candidate. Sent through the notifications outbox (in-app and mail) and kept on each candidate’s timeline',
  body: messageSendBodySchema,
  response: { 200: successEnvelope(messageSendResultSchema) },
});
export const rejectRouteSchema = actingForOrganization({
  tags,
  summary:
    'Rejects one candidate with a reason (kept in the stage history and the audit trail, never shown to the candidate), optionally with a mail now or at sendAt (cancellable until sent)',
  body: rejectBodySchema,
  response: { 200: successEnvelope(rejectResultSchema) },
});
export const candidateMessagesRouteSchema = actingForOrganization({
  tags,
  summary: 'The messages written to one candidate, newest first: sent, scheduled and cancelled',
  querystring: candidateMessagesQuerySchema,
  response: { 200: successEnvelope(candidateMessagePageSchema) },
});
export const cancelMessageRouteSchema = actingForOrganization({
  tags,
  summary: 'Cancels a scheduled message before it is sent (409 once sent)',
  body: messageCancelBodySchema,
  response: { 200: successEnvelope(candidateMessageSchema) },
});
