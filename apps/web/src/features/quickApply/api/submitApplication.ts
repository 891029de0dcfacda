import type { Application, ApplyBody } from '@placely/contract';
import { apiData } from '../../../lib/api/client';

/**
 * POST /api/placements/campus/apply {openingId, idempotencyKey, answers?}: without answers it is a one-click apply
 * from auto-fill data. The same key again answers the same application. Retrying is the caller's job (see
 * `useSubmitApplication`), so there is no mutation hook here.
 */
export function submitApplication(body: ApplyBody): Promise<Application> {
  return apiData<Application>('/api/placements/campus/apply', { method: 'POST', body });
}
