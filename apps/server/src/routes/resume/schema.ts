import {
  addResumeBodySchema,
  generateResumeBodySchema,
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
export const generateResumeSchema = {
  tags: ['resume'],
  summary: 'Builds a PDF resume from your profile sections and keeps it as one of your resumes',
  body: generateResumeBodySchema,
  response: listResponse,
};
