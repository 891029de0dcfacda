import {
  applicationDetailQuerySchema,
  exportApplicationsQuerySchema,
  formSummaryQuerySchema,
  formSummarySchema,
  receivedApplicationDetailSchema,
  receivedApplicationPageSchema,
  receivedApplicationsQuerySchema,
  successEnvelope,
} from '@placely/contract';
import { exportResponse, rawResponses } from '../../http/raw-responses';

const tags = ['responses'];

export const listResponsesSchema = {
  tags,
  summary: 'Applications to one of your openings, with every answer, in the table’s order (keyset pages)',
  description:
    'Orders: submission time (newest, oldest), name, grade (as a share of its scale), graduation year, stage (pipeline order, newest first within a stage) and score (the stored ranking, brought up to date first), each way; applications without the fact come last either way, ties by application id. `cursor` is the opaque `nextCursor` of the previous page of the same opening and order; any other is a 400 naming it.',
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
  response: rawResponses({ 200: exportResponse('Every application, one row each') }),
};

export const formSummaryRouteSchema = {
  tags,
  summary: 'The Summary tab: figures per question over every application matching the filter',
  description:
    "Per question of the current form: answered counts; bars for choice, dropdown and yes/no; a histogram with mean and median for numbers and linear scales; the most frequent short-text answers; file counts; and submissions per day. Takes the responses table's filters and `knockouts` (all, passing, knockedOut: the stored ranking, brought up to date first). Computed in one SQL statement.",
  querystring: formSummaryQuerySchema,
  response: { 200: successEnvelope(formSummarySchema) },
};
