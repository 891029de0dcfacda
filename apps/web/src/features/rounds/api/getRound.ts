import type { Round } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** GET /api/organization/rounds/id?roundId=: one round (its settings, panels, criteria and the caller's abilities). */
export const fetchRound = (roundId: string) => apiData<Round>('/api/organization/rounds/id', { query: { roundId } });
export const useRound = (roundId: string) =>
  useQuery({ queryKey: roundKeys.one(roundId), queryFn: () => fetchRound(roundId), enabled: roundId !== '' });
