import type { Draft, SaveDraftBody } from '@placely/contract';
import { apiData } from '../../../lib/api/client';

/** PUT /api/placements/campus/apply/draft {openingId, answers}: the autosaved draft (see `useDraftAutosave`). */
export function saveDraft(body: SaveDraftBody): Promise<Draft> {
  return apiData<Draft>('/api/placements/campus/apply/draft', { method: 'PUT', body });
}
