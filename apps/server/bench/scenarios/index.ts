import type { OneShot, Scenario } from '../scenario';
import { exportCsv, exportXlsx, responsesDeepPage, responsesFirstPage, submitApplications } from './applications';
import { health, profile } from './foundation';
import { fullProfile } from './profile-sections';
import { bulkMove } from './shortlisting';

/** Every load scenario `npm run bench` runs, in order. Add a feature's scenarios here. */
export const scenarios: Scenario[] = [
  health,
  profile,
  fullProfile,
  submitApplications,
  responsesFirstPage,
  responsesDeepPage,
];

/** Long single operations: timed once each, with the server's peak memory. */
export const oneShots: OneShot[] = [bulkMove, exportCsv, exportXlsx];
