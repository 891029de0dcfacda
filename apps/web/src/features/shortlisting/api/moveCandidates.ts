import type { StageMoveBody, StageMoveResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/moves: by ids or every application matching a filter. */
export async function moveCandidates(body: StageMoveBody): Promise<StageMoveResult & { message: string }> {
  const result = await apiRequest<{ data: StageMoveResult; message: string }>('/api/organization/shortlisting/moves', {
    method: 'POST',
    body,
  });
  return { ...result.data, message: result.message };
}

export function useMoveCandidates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCandidates,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.all }),
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot }),
      ]),
  });
}
