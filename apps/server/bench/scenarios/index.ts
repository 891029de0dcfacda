import type { OneShot, Scenario } from '../scenario';
import { responsesDeepPage, responsesFirstPage, submitApplications } from './applications';
import { health, profile } from './foundation';
import { fullProfile } from './profile-sections';
import { bulkMove, rankedExportCsv, rankedExportXlsx, rankedFirstPage } from './shortlisting';

/** Every load scenario `npm run bench` runs, in order. Add a feature's scenarios here. */
export const scenarios: Scenario[] = [
  health,
  profile,
  fullProfile,
  submitApplications,
  responsesFirstPage,
  responsesDeepPage,
  rankedFirstPage,
];

/** Long single operations: timed once each, with the server's peak memory. */
// The exports run on the ranked opening (recipe, stages, ratings): the files carry every shortlisting column.
export const oneShots: OneShot[] = [bulkMove, rankedExportCsv, rankedExportXlsx];
