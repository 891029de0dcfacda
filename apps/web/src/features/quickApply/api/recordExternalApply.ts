import { apiData } from '../../../lib/api/client';

/** POST /api/placements/campus/externalApplyLink {openingId}: records the click and answers where to go. */
export function recordExternalApply(openingId: string): Promise<{ url: string }> {
  return apiData<{ url: string }>('/api/placements/campus/externalApplyLink', { method: 'POST', body: { openingId } });
}
