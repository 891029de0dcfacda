import type { GenerateSlotsBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** POST /api/organization/rounds/slots/generate: a day of slots on the chosen panels, all or nothing. */
export function useGenerateSlots() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateSlotsBody) =>
      apiRequest<ApiResult<{ count: number; left: number }>>('/api/organization/rounds/slots/generate', {
        method: 'POST',
        body,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['rounds'] }),
  });
}
