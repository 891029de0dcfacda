import type { OneShot, Scenario } from '../scenario';
import {
  exportCsv,
  exportXlsx,
  openApplyForm,
  openingsFeed,
  pipelineExportCsv,
  responsesDeepPage,
  responsesFirstPage,
  responsesSorted,
  submitApplications,
} from './applications';
import { formSummaryAll } from './forms';
import { health, profile } from './foundation';
import { submitCycleApplications } from './placement';
import { cycleDashboard } from './placement-dashboard';
import { fullProfile } from './profile-sections';
import {
  bulkMove,
  rankedExportCsv,
  rankedExportXlsx,
  rankedFirstPage,
  rankedFirstPageBusy,
  rankingAfterChange,
} from './shortlisting';

/** Every load scenario `npm run bench` runs, in order. Add a feature's scenarios here. */
export const scenarios: Scenario[] = [
  health,
  profile,
  fullProfile,
  openApplyForm,
  openingsFeed,
  submitApplications,
  submitCycleApplications,
  responsesFirstPage,
  responsesDeepPage,
  ...responsesSorted,
  rankedFirstPage,
  rankedFirstPageBusy,
  cycleDashboard,
  formSummaryAll,
];

/** Long single operations: timed once each, with the server's peak memory. */
// The exports run on a copy of the 100 000-application opening that never gets a ranking recipe (the rows stream off
// the submission index), as CSV once more on another copy with a hiring pipeline's history (stage moves, notes, tags),
// and on the opening itself once ranked (recipe, stages, ratings: every shortlisting column, through the ranking
// statement).
export const oneShots: OneShot[] = [
  bulkMove,
  exportCsv,
  exportXlsx,
  pipelineExportCsv,
  rankingAfterChange,
  rankedExportCsv,
  rankedExportXlsx,
];
