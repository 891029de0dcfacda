import {
  pipelineSchema,
  pipelineSettingsBodySchema,
  stageCreateBodySchema,
  stageDeleteQuerySchema,
  stageHistoryQuerySchema,
  stageHistorySchema,
  stageMoveBodySchema,
  stageMoveResultSchema,
  stageOrderBodySchema,
  stagesQuerySchema,
  stageUndoBodySchema,
  stageUndoResultSchema,
  stageUpdateBodySchema,
  successEnvelope,
} from '@placely/contract';

const tags = ['shortlisting'];
const ACTING_FOR =
  'Acts for the organization named in X-Organization-Id (else the caller’s own). Owners and coordinators change; reviewers covering the opening read.';
const pipeline = { 200: successEnvelope(pipelineSchema) };

export const stagesRouteSchema = {
  tags,
  summary: `The pipeline of an opening: its stages in order with how many candidates each holds. ${ACTING_FOR}`,
  querystring: stagesQuerySchema,
  response: pipeline,
};
export const addStageRouteSchema = {
  tags,
  summary: 'Adds a stage of your own (between Shortlisted and Offered); answers with the whole pipeline',
  body: stageCreateBodySchema,
  response: pipeline,
};
export const updateStageRouteSchema = {
  tags,
  summary: 'Renames a stage or changes the words applicants see for it; answers with the whole pipeline',
  body: stageUpdateBodySchema,
  response: pipeline,
};
export const orderStagesRouteSchema = {
  tags,
  summary: 'Reorders the stages of your own (every one, once); the fixed stages keep their places',
  body: stageOrderBodySchema,
  response: pipeline,
};
export const deleteStageRouteSchema = {
  tags,
  summary:
    'Removes a stage of your own; when it holds candidates, targetStageId says where they go (recorded as moves)',
  querystring: stageDeleteQuerySchema,
  response: pipeline,
};
export const settingsRouteSchema = {
  tags,
  summary: 'Releases (or holds back) rejections: applicants in Rejected see it only once released',
  body: pipelineSettingsBodySchema,
  response: pipeline,
};
export const moveRouteSchema = {
  tags,
  summary:
    'Moves candidates to a stage: by application ids, or every application matching a filter (resolved on the server). Each move is kept in the history and the audit trail; the answer carries the undo handle.',
  body: stageMoveBodySchema,
  response: { 200: successEnvelope(stageMoveResultSchema) },
};
export const undoRouteSchema = {
  tags,
  summary: 'Undoes the opening’s latest move (409 for an older one); candidates moved again since stay put',
  body: stageUndoBodySchema,
  response: { 200: successEnvelope(stageUndoResultSchema) },
};
export const historyRouteSchema = {
  tags,
  summary: 'The stage history of one application: from, to, who, when, why',
  querystring: stageHistoryQuerySchema,
  response: { 200: successEnvelope(stageHistorySchema) },
};
