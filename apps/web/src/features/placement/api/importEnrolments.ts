import type { EnrolmentImportResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/enrolments/import: the batch as CSV text or XLSX in base64; bad rows come back line by line. */
export function useImportEnrolments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { cycleId: string; format: 'csv' | 'xlsx'; content: string }) =>
      apiRequest<{ data: EnrolmentImportResult; message: string }>('/api/placement/enrolments/import', {
        method: 'POST',
        body,
      }),
    onSuccess: (_result, body) => client.invalidateQueries({ queryKey: placementKeys.cycle(body.cycleId) }),
  });
}
