import {
  fileLinkSchema,
  SHORTLIST_LIMITS,
  sharedFileQuerySchema,
  sharedShortlistQuerySchema,
  sharedShortlistSchema,
  shareEmailCodeBodySchema,
  shareEmailConfirmBodySchema,
  shareEmailConfirmedSchema,
  shareLinkCreateBodySchema,
  shareLinkListSchema,
  shareLinkRevokeQuerySchema,
  shareLinkSchema,
  shareLinksQuerySchema,
  shortlistAddBodySchema,
  shortlistCreateBodySchema,
  shortlistExportQuerySchema,
  shortlistIdQuerySchema,
  shortlistListSchema,
  shortlistOrderBodySchema,
  shortlistRemoveQuerySchema,
  shortlistSchema,
  shortlistsQuerySchema,
  shortlistUpdateBodySchema,
  shortlistUsersQuerySchema,
  shortlistUsersSchema,
  successEnvelope,
  verdictBodySchema,
  verdictSchema,
  z,
} from '@placely/contract';
import { exportResponse, rawResponses } from '../../http/raw-responses';

const tags = ['shortlisting'];
const ACTING_FOR =
  'Acts for the organization named in X-Organization-Id (else the caller’s own). Owners and coordinators change and share; reviewers covering the opening read.';
const PUBLIC =
  'Public: the link’s token is the only credential (unknown → 404; revoked or expired → 410 with the words to show, and no data).';
const one = { 200: successEnvelope(shortlistSchema) };

export const listShortlistsSchema = {
  tags,
  summary: `The shortlists of one opening, oldest first, with their sizes. ${ACTING_FOR}`,
  querystring: shortlistsQuerySchema,
  response: { 200: successEnvelope(shortlistListSchema) },
};
export const createShortlistSchema = {
  tags,
  summary: 'Creates a named shortlist of an opening, optionally with candidates (the responses view’s selection)',
  body: shortlistCreateBodySchema,
  response: one,
};
export const readShortlistSchema = {
  tags,
  summary: `One shortlist: name, opening, size, the fields it shows and the caller’s abilities. ${ACTING_FOR}`,
  querystring: shortlistIdQuerySchema,
  response: one,
};
export const updateShortlistSchema = {
  tags,
  summary: 'Renames a shortlist or changes the fields it shows',
  body: shortlistUpdateBodySchema,
  response: one,
};
export const deleteShortlistSchema = {
  tags,
  summary: 'Deletes a shortlist with its links and their verdicts (the candidates’ applications stay)',
  querystring: shortlistIdQuerySchema,
  response: { 200: successEnvelope(z.object({ id: z.string() })) },
};
export const shortlistUsersRouteSchema = {
  tags,
  summary: `The shortlist’s candidates in order, with the fields chosen for it and every visitor’s verdicts. ${ACTING_FOR}`,
  querystring: shortlistUsersQuerySchema,
  response: { 200: successEnvelope(shortlistUsersSchema) },
};
export const addShortlistUsersSchema = {
  tags,
  summary: 'Adds candidates of the opening at the end of the shortlist (those already in it stay put)',
  body: shortlistAddBodySchema,
  response: one,
};
export const removeShortlistUserSchema = {
  tags,
  summary: 'Takes one candidate off the shortlist',
  querystring: shortlistRemoveQuerySchema,
  response: one,
};
export const orderShortlistUsersSchema = {
  tags,
  summary: 'Reorders the shortlist: every candidate once, in the new order',
  body: shortlistOrderBodySchema,
  response: one,
};
export const exportShortlistSchema = {
  tags,
  summary:
    'Downloads the shortlist’s candidates in order as CSV or XLSX, with every answer and the stage (streamed; X-Total-Rows gives the row count). Owners and coordinators.',
  querystring: shortlistExportQuerySchema,
  response: rawResponses({ 200: exportResponse('The shortlist’s candidates, one row each, in order') }),
};

export const createLinkSchema = {
  tags,
  summary:
    'Creates a read-only link to a shortlist for people without an account: the fields it shows (contact details off unless chosen), expiry in days (default 14). The answer carries the address once; only a hash of its token is kept.',
  body: shareLinkCreateBodySchema,
  response: { 200: successEnvelope(shareLinkSchema) },
};
export const listLinksSchema = {
  tags,
  summary: `A shortlist’s links, newest first, with their state and view counts. ${ACTING_FOR}`,
  querystring: shareLinksQuerySchema,
  response: { 200: successEnvelope(shareLinkListSchema) },
};
export const revokeLinkSchema = {
  tags,
  summary: 'Revokes a link: its visitors see the revoked page from their next request',
  querystring: shareLinkRevokeQuerySchema,
  response: { 200: successEnvelope(shareLinkSchema) },
};
export const viewSharedSchema = {
  tags,
  summary: `The shortlist as a link shows it: candidates in order with the chosen fields and the verdicts left through this link. Every call is recorded as a view. ${PUBLIC}`,
  querystring: sharedShortlistQuerySchema,
  response: { 200: successEnvelope(sharedShortlistSchema) },
};
export const verdictRouteSchema = {
  tags,
  summary: `A visitor’s verdict (yes / maybe / no, optional comment) on one candidate of the link’s shortlist, under the name they type; the organization is notified. ${PUBLIC}`,
  body: verdictBodySchema,
  response: { 200: successEnvelope(verdictSchema) },
};
export const reviewerCodeSchema = {
  tags,
  summary: `Mails a six-digit code to the address a visitor types, to confirm it before giving verdicts (a link may require it). At most ${SHORTLIST_LIMITS.emailCodesPerAddressPerHour} codes an hour to one address through one link, ${SHORTLIST_LIMITS.emailCodesPerLinkPerHour} through one link. ${PUBLIC}`,
  body: shareEmailCodeBodySchema,
  response: { 200: successEnvelope(z.object({ email: z.string() })) },
};
export const reviewerConfirmSchema = {
  tags,
  summary: `The code from the mail → a reviewer token; verdicts sent with it carry the confirmed address. ${SHORTLIST_LIMITS.emailCodeAttempts} tries per code, which lapses after ${SHORTLIST_LIMITS.emailCodeMinutes} minutes. ${PUBLIC}`,
  body: shareEmailConfirmBodySchema,
  response: { 200: successEnvelope(shareEmailConfirmedSchema) },
};
export const sharedFileSchema = {
  tags,
  summary: `A 5-minute signed download link for a file sent with a candidate’s application, when the link shows resumes. ${PUBLIC}`,
  querystring: sharedFileQuerySchema,
  response: { 200: successEnvelope(fileLinkSchema) },
};
