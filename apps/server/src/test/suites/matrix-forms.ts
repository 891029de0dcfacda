import { type Entry, get, team } from './matrix-kit';
import type { World } from './world';

/**
 * Quick Apply Forms (issue 43): the responses' Summary tab. An organization's open opening, summarised by its owner
 * and (at orgA) its coordinator and reviewer, who read applications; nobody else.
 */
const ORGANIZATIONS = ['orgA', 'orgB'] as const;

export const FORMS_ENTRIES: Record<string, Entry> = {
  'GET /api/organization/openings/id/applications/summary': {
    access: 'owned',
    targets: (world: World) =>
      ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `the summary of ${who}'s responses`,
        request: get('/api/organization/openings/id/applications/summary', {
          id: world.org[who].openOpeningId,
          knockouts: 'all',
        }),
        alsoAllowed: team(who, 'coordA', 'reviewerA'),
      })),
  },
};
