import type { Offer } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/offers/withdraw: an offer still waiting for an answer, with a reason the student is told. */
export async function withdrawOffer(body: { offerId: string; reason: string }) {
  return apiRequest<{ data: Offer; message: string }>('/api/organization/offers/withdraw', { method: 'POST', body });
}

export function useWithdrawOffer(openingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.offers(openingId) }),
  });
}
