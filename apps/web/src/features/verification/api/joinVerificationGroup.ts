import type { VerificationGroup } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/join {groupId}: joins an open group or asks to join (the message says which). */
export function joinVerificationGroup(input: string) {
  return apiRequest<ApiResult<VerificationGroup>>('/api/verification/join', {
    method: 'POST',
    body: { groupId: input },
  });
}

export function useJoinVerificationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinVerificationGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
