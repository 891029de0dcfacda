import type { FormDefinition } from '@placely/contract';
import {
  formSummaryStatement,
  type KnockoutFilter,
  summaryMatching,
  summaryPlanOf,
} from '../../src/services/applications/summary';
import type { BenchContext, Scenario } from '../scenario';
import { inline } from '../sql';
import { applicationCount, FORM, prepareOpenings, state } from './applications';

/**
 * The responses' Summary tab (issue 43) on the 100 000-application opening of the applications scenarios: every
 * question of the bench form (short text, email, number, choice, paragraph, repeatable group) over every response.
 * Baseline: pgbench running the same aggregate statement, at the same concurrency.
 */
let organizationToken = '';
const CONNECTIONS = 2;

function summarySql(knockouts: KnockoutFilter = 'all'): string {
  // The plan the route makes for the bench form (the organization sees contacts).
  const questions = summaryPlanOf(FORM as unknown as FormDefinition, false);
  return inline(formSummaryStatement(summaryMatching(state.fullOpening, {}, knockouts), questions));
}

export const formSummaryAll: Scenario = {
  name: `GET /api/organization/openings/id/applications/summary (every one of ${applicationCount} responses; ${CONNECTIONS} connections)`,
  async prepare(context: BenchContext) {
    await prepareOpenings(context.db);
    organizationToken = (await context.mintTokens([state.organizationId]))[0] ?? '';
  },
  load: () => ({
    connections: CONNECTIONS,
    requests: [
      {
        method: 'GET',
        path: `/api/organization/openings/id/applications/summary?id=${state.fullOpening}`,
        headers: { authorization: organizationToken },
      },
    ],
  }),
  baselineName: "the summary's one aggregate statement over every response",
  baselineSql: () => `${summarySql()};\n`,
  explainSql: () => [summarySql()],
};
