import type { ShareEmailCodeBody } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/** POST /api/organization/shortlisting/sharable/email/code: mails a one-time code to the visitor's address. */
export function useSendReviewerCode(token: string) {
  return useMutation({
    mutationFn: (body: Omit<ShareEmailCodeBody, 'link'>) =>
      apiRequest<{ data: { email: string }; message: string }>('/api/organization/shortlisting/sharable/email/code', {
        method: 'POST',
        body: { ...body, link: token },
      }),
  });
}
