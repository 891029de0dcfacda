import type { Round } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** GET /api/organization/rounds?openingId=: the opening's rounds with their panels. */
export const fetchRounds = (openingId: string) =>
  apiData<{ items: Round[] }>('/api/organization/rounds', { query: { openingId } });
export const useRounds = (openingId: string) =>
  useQuery({ queryKey: roundKeys.ofOpening(openingId), queryFn: () => fetchRounds(openingId) });
