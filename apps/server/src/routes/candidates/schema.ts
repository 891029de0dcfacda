import {
  candidateNoteSchema,
  candidateNotesQuerySchema,
  candidateNotesSchema,
  candidateQuerySchema,
  candidateSummarySchema,
  candidateTagSchema,
  candidateTagsSchema,
  noteCreateBodySchema,
  noteDeleteQuerySchema,
  noteUpdateBodySchema,
  successEnvelope,
  tagApplyBodySchema,
  tagApplyResultSchema,
  tagCreateBodySchema,
  tagDeleteQuerySchema,
  z,
} from '@placely/contract';

const tags = ['shortlisting'];
const ACTING_FOR = 'Acts for the organization named in X-Organization-Id (else the caller’s own).';

export const candidateRouteSchema = {
  tags,
  summary: `The candidate side panel's facts: profile, contacts (only for those allowed to see them), education, tags, notes count. ${ACTING_FOR}`,
  querystring: candidateQuerySchema,
  response: { 200: successEnvelope(candidateSummarySchema) },
};
export const listNotesRouteSchema = {
  tags,
  summary: `The organization's notes on a candidate, oldest first (never shown to the applicant). ${ACTING_FOR}`,
  querystring: candidateNotesQuerySchema,
  response: { 200: successEnvelope(candidateNotesSchema) },
};
export const addNoteRouteSchema = {
  tags,
  summary: 'Adds a note on a candidate (anyone whose role covers the opening)',
  body: noteCreateBodySchema,
  response: { 200: successEnvelope(candidateNoteSchema) },
};
export const updateNoteRouteSchema = {
  tags,
  summary: 'Edits a note (its author only)',
  body: noteUpdateBodySchema,
  response: { 200: successEnvelope(candidateNoteSchema) },
};
export const deleteNoteRouteSchema = {
  tags,
  summary: 'Deletes a note (its author only)',
  querystring: noteDeleteQuerySchema,
  response: { 200: successEnvelope(z.object({ id: z.string() })) },
};
export const listTagsRouteSchema = {
  tags,
  summary: `The organization's candidate tags with what the caller may do. ${ACTING_FOR}`,
  response: { 200: successEnvelope(candidateTagsSchema) },
};
export const createTagRouteSchema = {
  tags,
  summary: 'Creates a candidate tag (owners and coordinators)',
  body: tagCreateBodySchema,
  response: { 200: successEnvelope(candidateTagSchema) },
};
export const deleteTagRouteSchema = {
  tags,
  summary: 'Deletes a candidate tag and takes it off every candidate (owners and coordinators)',
  querystring: tagDeleteQuerySchema,
  response: { 200: successEnvelope(z.object({ id: z.string() })) },
};
export const applyTagRouteSchema = {
  tags,
  summary:
    'Adds or removes a tag on candidates: by application ids, or every application of the opening matching a filter (resolved on the server)',
  body: tagApplyBodySchema,
  response: { 200: successEnvelope(tagApplyResultSchema) },
};
