import {
  fileLinkSchema,
  ownVideoAnswerSchema,
  pendingVideoTasksSchema,
  successEnvelope,
  videoAnswerListSchema,
  videoAnswerQuerySchema,
  videoAnswersQuerySchema,
  videoAnswerViewSchema,
  videoCommentBodySchema,
  videoCommentSchema,
  videoScoreBodySchema,
  videoSubmitBodySchema,
  videoTakeBodySchema,
  videoTaskCreateBodySchema,
  videoTaskIdQuerySchema,
  videoTaskInviteBodySchema,
  videoTaskListSchema,
  videoTaskPageQuerySchema,
  videoTaskPageSchema,
  videoTaskSchema,
  videoTasksQuerySchema,
  videoTaskUpdateBodySchema,
  z,
} from '@placely/contract';

const tags = ['video tasks'];
const ACTING_FOR =
  'Acts for the organization named in X-Organization-Id (else the caller’s own). Owners and coordinators covering the opening change tasks; everyone covering it (reviewers too) watches and scores.';

export const listTasksRouteSchema = {
  tags,
  summary: `The video tasks of an opening with how many were invited and answered. ${ACTING_FOR}`,
  querystring: videoTasksQuerySchema,
  response: { 200: successEnvelope(videoTaskListSchema) },
};
export const createTaskRouteSchema = {
  tags,
  summary: 'Adds a video task to an opening',
  body: videoTaskCreateBodySchema,
  response: { 200: successEnvelope(videoTaskSchema) },
};
export const updateTaskRouteSchema = {
  tags,
  summary:
    'Changes a video task (the editor): new limits apply to takes from now on, answers already submitted are kept; a later deadline re-opens answering and schedules new reminders',
  body: videoTaskUpdateBodySchema,
  response: { 200: successEnvelope(videoTaskSchema) },
};
export const deleteTaskRouteSchema = {
  tags,
  summary: 'Removes a video task; answers already submitted are kept until the opening is deleted',
  querystring: videoTaskIdQuerySchema,
  response: { 200: successEnvelope(z.object({ id: z.string() })) },
};
export const inviteRouteSchema = {
  tags,
  summary: 'Invites chosen applicants, or everyone now in a stage, to a video task (each is notified once)',
  body: videoTaskInviteBodySchema,
  response: { 200: successEnvelope(z.object({ invited: z.number().int() })) },
};
export const answersRouteSchema = {
  tags,
  summary: `The submitted answers to a task with their average scores (the responses view). ${ACTING_FOR}`,
  querystring: videoAnswersQuerySchema,
  response: { 200: successEnvelope(videoAnswerListSchema) },
};
export const taskPageRouteSchema = {
  tags,
  summary:
    'A video task as /UploadVideoForTask shows it: public (signed out too); with a token, whether the caller may answer and their answer so far',
  querystring: videoTaskPageQuerySchema,
  response: { 200: successEnvelope(videoTaskPageSchema) },
};
export const takeRouteSchema = {
  tags,
  summary:
    'Attaches an uploaded video (purpose video, your own, ready) as your current take; counts one take. The type and length are read from the file.',
  body: videoTakeBodySchema,
  response: { 200: successEnvelope(ownVideoAnswerSchema) },
};
export const submitRouteSchema = {
  tags,
  summary: 'Submits your current take as your answer (before the deadline)',
  body: videoSubmitBodySchema,
  response: { 200: successEnvelope(ownVideoAnswerSchema) },
};
export const pendingRouteSchema = {
  tags,
  summary: 'Your video tasks still to answer (invited, or asked of an opening you applied to), for /forms',
  response: { 200: successEnvelope(pendingVideoTasksSchema) },
};
export const answerRouteSchema = {
  tags,
  summary:
    'One answer as /watch shows it: a signed short-lived link to the video (range requests), scores, comments, previous and next candidate',
  querystring: videoAnswerQuerySchema,
  response: { 200: successEnvelope(videoAnswerViewSchema) },
};
export const scoreRouteSchema = {
  tags,
  summary: 'Your 1–5 scores on the task’s rubric items (stored per reviewer, averaged)',
  body: videoScoreBodySchema,
  response: { 200: successEnvelope(videoAnswerViewSchema) },
};
export const commentRouteSchema = {
  tags,
  summary: 'A time-stamped comment on an answer',
  body: videoCommentBodySchema,
  response: { 200: successEnvelope(videoCommentSchema) },
};
export const posterLinkSchema = fileLinkSchema;
