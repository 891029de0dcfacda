import type { RoundDay } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** GET /api/organization/rounds/day: panels × slots of one day. */
export const fetchRoundDay = (roundId: string, date: string, timeZone: string) =>
  apiData<RoundDay>('/api/organization/rounds/day', { query: { roundId, date, timeZone } });
export const useRoundDay = (roundId: string, date: string, timeZone: string) =>
  useQuery({ queryKey: roundKeys.day(roundId, date, timeZone), queryFn: () => fetchRoundDay(roundId, date, timeZone) });
