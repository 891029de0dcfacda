import {
  addResumeBodySchema,
  resumeIdQuerySchema,
  resumeListSchema,
  successEnvelope,
  updateResumeBodySchema,
} from '@placely/contract';

const listResponse = { 200: successEnvelope(resumeListSchema) };

export const listResumesSchema = { tags: ['resume'], summary: 'Your resumes, default first', response: listResponse };
export const addResumeSchema = {
  tags: ['resume'],
  summary: 'Adds an uploaded PDF (purpose resume) as a resume',
  body: addResumeBodySchema,
  response: listResponse,
};
export const updateResumeSchema = {
  tags: ['resume'],
  summary: 'Renames a resume or makes it the default',
  body: updateResumeBodySchema,
  response: listResponse,
};
export const deleteResumeSchema = {
  tags: ['resume'],
  summary: 'Deletes a resume and its file',
  querystring: resumeIdQuerySchema,
  response: listResponse,
};
