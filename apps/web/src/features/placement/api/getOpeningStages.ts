import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export interface OpeningStage {
  id: string;
  label: string;
  candidates: number;
}

/** GET /api/placement/openings/stages?openingId=: the stages of a cycle's opening, for a notice to one of them. */
export const fetchOpeningStages = (openingId: string) =>
  apiData<{ items: OpeningStage[] }>('/api/placement/openings/stages', { query: { openingId } });
export const useOpeningStages = (openingId: string) =>
  useQuery({
    queryKey: ['placement', 'opening', openingId, 'stages'],
    queryFn: () => fetchOpeningStages(openingId),
    enabled: openingId !== '',
  });
