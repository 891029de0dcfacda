import { apiData } from '../../../lib/api/client';

/** DELETE /api/placements/campus/apply/draft?openingId=: forgets the server's draft ("Start over"). */
export function deleteDraft(openingId: string): Promise<unknown> {
  return apiData<unknown>('/api/placements/campus/apply/draft', { method: 'DELETE', query: { openingId } });
}
