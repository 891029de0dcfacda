import {
  externalApplyClickBodySchema,
  openingInputSchema,
  openingPageSchema,
  openingSchema,
  openingStatusSchema,
  organizationOpeningListQuerySchema,
  successEnvelope,
  z,
} from '@placely/contract';

const tags = ['openings'];
const openingIdQuery = z.strictObject({ id: z.uuid('Not an opening id') });
const one = { 200: successEnvelope(openingSchema) };

export const listOpeningsSchema = {
  tags,
  summary: "The caller's openings, newest first, with application counts",
  querystring: organizationOpeningListQuerySchema,
  response: { 200: successEnvelope(openingPageSchema) },
};
export const createOpeningSchema = { tags, summary: 'Creates an opening', body: openingInputSchema, response: one };
export const deleteOpeningSchema = {
  tags,
  summary: 'Deletes an opening (applications are kept; it leaves every feed)',
  querystring: openingIdQuery,
  response: { 200: successEnvelope(z.object({ id: z.string() })) },
};
export const getOpeningSchema = { tags, summary: 'One of your openings', querystring: openingIdQuery, response: one };
export const updateOpeningSchema = {
  tags,
  summary: 'Changes an opening; a changed form is saved as a new version',
  body: z.strictObject({ id: z.uuid('Not an opening id'), opening: openingInputSchema }),
  response: one,
};
export const changeOpeningStatusSchema = {
  tags,
  summary: 'Opens, closes or reopens an opening (or returns it to draft)',
  body: z.strictObject({ id: z.uuid('Not an opening id'), status: openingStatusSchema }),
  response: one,
};
export const duplicateOpeningSchema = {
  tags,
  summary: 'Copies an opening (details, eligibility, current form) as a new draft',
  body: z.strictObject({ id: z.uuid('Not an opening id') }),
  response: one,
};
export const externalApplyLinkSchema = {
  tags,
  summary: "Records a click on an open opening's external apply link and returns the link to go to",
  body: externalApplyClickBodySchema,
  response: { 200: successEnvelope(z.object({ url: z.string() })) },
};
