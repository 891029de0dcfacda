import type { Scorecards } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** GET /api/organization/rounds/scorecards: the caller's scorecard on a candidate and, once submitted, the others'. */
export const fetchScorecards = (roundId: string, applicationId: string) =>
  apiData<Scorecards>('/api/organization/rounds/scorecards', { query: { roundId, applicationId } });
export const useScorecards = (roundId: string, applicationId: string) =>
  useQuery({
    queryKey: roundKeys.scorecards(roundId, applicationId),
    queryFn: () => fetchScorecards(roundId, applicationId),
  });
