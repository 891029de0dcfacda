import {
  applicationDetailQuerySchema,
  exportApplicationsQuerySchema,
  receivedApplicationDetailSchema,
  receivedApplicationPageSchema,
  receivedApplicationsQuerySchema,
  successEnvelope,
} from '@placely/contract';

const tags = ['responses'];

export const listResponsesSchema = {
  tags,
  summary: 'Applications to one of your openings, with every answer, newest or oldest first (keyset pages)',
  querystring: receivedApplicationsQuerySchema,
  response: { 200: successEnvelope(receivedApplicationPageSchema) },
};

export const responseDetailSchema = {
  tags,
  summary: 'One application to your opening, with every revision and the form versions they answered',
  querystring: applicationDetailQuerySchema,
  response: { 200: successEnvelope(receivedApplicationDetailSchema) },
};

export const exportResponsesSchema = {
  tags,
  summary: 'Downloads every application to your opening as CSV or XLSX (streamed; X-Total-Rows gives the row count)',
  description:
    'Columns: the applicant, status, times, then every question of every form version — choice labels, "Other" texts, each repeatable row, and file names with links.',
  querystring: exportApplicationsQuerySchema,
};
