import {
  applicationSchema,
  applyBodySchema,
  applyFormQuerySchema,
  draftSchema,
  editApplicationBodySchema,
  myApplicationPageSchema,
  myApplicationsQuerySchema,
  publicOpeningSchema,
  saveDraftBodySchema,
  successEnvelope,
  z,
} from '@placely/contract';

const tags = ['applications'];

export const getApplyFormSchema = {
  tags,
  summary: "An opening's public Quick Apply form",
  description:
    'Works signed out. Signed in, `viewer` carries eligibility, your application, your draft and answers pre-filled from your profile. `blocker` says why you cannot apply now, if so.',
  querystring: applyFormQuerySchema,
  response: { 200: successEnvelope(publicOpeningSchema) },
};

export const applySchema = {
  tags,
  summary: 'Submits an application (without answers: one-click apply from your saved data)',
  description:
    'Idempotent per idempotencyKey: a retry answers the application the first call created. 409 when the opening is closed, past its deadline, full, or you already applied; 403 when you are not eligible.',
  body: applyBodySchema,
  response: { 200: successEnvelope(applicationSchema) },
};

export const editApplicationSchema = {
  tags,
  summary: 'Edits your application until the deadline; the previous answers are kept as a revision',
  body: editApplicationBodySchema,
  response: { 200: successEnvelope(applicationSchema) },
};

export const saveDraftSchema = {
  tags,
  summary: 'Autosaves your unsent answers for an opening',
  body: saveDraftBodySchema,
  response: { 200: successEnvelope(draftSchema) },
};

export const deleteDraftSchema = {
  tags,
  summary: 'Discards your draft for an opening',
  querystring: applyFormQuerySchema,
  response: { 200: successEnvelope(z.object({ openingId: z.string() })) },
};

export const myApplicationsSchema = {
  tags,
  summary: 'Your applications, most recently changed first',
  querystring: myApplicationsQuerySchema,
  response: { 200: successEnvelope(myApplicationPageSchema) },
};
