import type { StageUndoBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/moves/undo: puts back the opening's latest move. */
export async function undoMove(body: StageUndoBody): Promise<{ restored: number; message: string }> {
  const result = await apiRequest<{ data: { restored: number }; message: string }>(
    '/api/organization/shortlisting/moves/undo',
    { method: 'POST', body },
  );
  return { ...result.data, message: result.message };
}

export function useUndoMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoMove,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.all }),
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot }),
      ]),
  });
}
