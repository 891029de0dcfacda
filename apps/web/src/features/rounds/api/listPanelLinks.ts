import type { PanelLink } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** GET /api/organization/rounds/panel-links?roundId=: outside interviewers' links, with their views. */
export const fetchPanelLinks = (roundId: string) =>
  apiData<{ items: PanelLink[] }>('/api/organization/rounds/panel-links', { query: { roundId } });
export const usePanelLinks = (roundId: string) =>
  useQuery({ queryKey: roundKeys.panelLinks(roundId), queryFn: () => fetchPanelLinks(roundId) });
