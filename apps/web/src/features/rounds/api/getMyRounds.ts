import type { MyRound } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** GET /api/rounds/mine: the caller's rounds as a candidate, with their booking and the free slots. */
export const fetchMyRounds = () => apiData<{ items: MyRound[] }>('/api/rounds/mine');
export const useMyRounds = () => useQuery({ queryKey: roundKeys.mine, queryFn: fetchMyRounds });
