import type { PanelView } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** GET /api/rounds/panel?link=: an outside interviewer's own slots, candidates and scorecards (no account). */
export const fetchPanelView = (link: string) => apiData<PanelView>('/api/rounds/panel', { query: { link } });
export const usePanelView = (link: string) =>
  useQuery({ queryKey: roundKeys.panelView(link), queryFn: () => fetchPanelView(link), retry: false });
