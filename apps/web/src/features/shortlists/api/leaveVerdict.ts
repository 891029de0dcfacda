import type { SharedShortlist, Verdict, VerdictBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** POST /api/organization/shortlisting/sharable/verdict: the saved verdict replaces the visitor's earlier one. */
export function useLeaveVerdict(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<VerdictBody, 'link'>) =>
      apiRequest<{ data: Verdict; message: string }>('/api/organization/shortlisting/sharable/verdict', {
        method: 'POST',
        body: { ...body, link: token },
      }),
    onSuccess: ({ data: saved }) =>
      queryClient.setQueryData<SharedShortlist>(shortlistKeys.shared(token), (shared) =>
        shared
          ? {
              ...shared,
              candidates: shared.candidates.map((candidate) =>
                candidate.applicationId === saved.applicationId
                  ? {
                      ...candidate,
                      verdicts: [saved, ...candidate.verdicts.filter((verdict) => verdict.id !== saved.id)],
                    }
                  : candidate,
              ),
            }
          : shared,
      ),
  });
}
