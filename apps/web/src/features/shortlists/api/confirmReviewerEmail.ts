import type { ShareEmailConfirmBody, ShareEmailConfirmed } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/**
 * POST /api/organization/shortlisting/sharable/email/confirm: the mailed code → the reviewer token verdicts carry.
 * Silent: a refused code is shown beside the code field (ReviewerEmailConfirm), not a second time in the snackbar.
 */
export function useConfirmReviewerEmail(token: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: Omit<ShareEmailConfirmBody, 'link'>) =>
      apiRequest<{ data: ShareEmailConfirmed; message: string }>(
        '/api/organization/shortlisting/sharable/email/confirm',
        { method: 'POST', body: { ...body, link: token } },
      ),
  });
}
