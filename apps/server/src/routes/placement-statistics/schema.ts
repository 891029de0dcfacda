import {
  cycleStatisticsSchema,
  STATISTICS_DEFINITIONS,
  statisticsExportQuerySchema,
  statisticsQuerySchema,
  successEnvelope,
  unplacedPageSchema,
  unplacedQuerySchema,
} from '@placely/contract';
import { exportResponse, rawResponses } from '../../http/raw-responses';

const tags = ['placement'];
const definitions = Object.entries(STATISTICS_DEFINITIONS)
  .map(([figure, words]) => `- ${figure}: ${words}`)
  .join('\n');

export const statisticsRouteSchema = {
  tags,
  summary: "A placement cycle's dashboard figures (the placement cell only)",
  description: `Computed in SQL over the cycle at each request. What each figure counts:\n${definitions}`,
  querystring: statisticsQuerySchema,
  response: { 200: successEnvelope(cycleStatisticsSchema) },
};

export const unplacedRouteSchema = {
  tags,
  summary: "A placement cycle's unplaced students with their applications in flight, fewest first (the cell only)",
  querystring: unplacedQuerySchema,
  response: { 200: successEnvelope(unplacedPageSchema) },
};

export const statisticsExportRouteSchema = {
  tags,
  summary: "Downloads one figure of a placement cycle's dashboard as CSV or XLSX (the cell only)",
  description:
    'figure: students (by programme and branch, with totals), tiers (offers by tier), ctc (highest, median, mean by currency and branch), companies (offers per company), unplaced (every unplaced student), nirf (the NIRF "placement and higher studies" layout per programme and graduating year).',
  querystring: statisticsExportQuerySchema,
  response: rawResponses({ 200: exportResponse('One sheet of the figure asked for') }),
};
