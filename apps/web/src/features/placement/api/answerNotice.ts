import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/my/notices/read or /acknowledge: the student read a notice, or says "I have read this". */
export function useAnswerNotice(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ noticeId, acknowledge }: { noticeId: string; acknowledge: boolean }) =>
      apiRequest<{ data: unknown; message: string }>(
        acknowledge ? '/api/placement/my/notices/acknowledge' : '/api/placement/my/notices/read',
        { method: 'POST', body: { noticeId } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.myNotices(cycleId) }),
  });
}
