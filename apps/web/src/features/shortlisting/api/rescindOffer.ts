import type { Offer } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/**
 * POST /api/organization/offers/rescind: an offer the student accepted, with a reason; their verified placement
 * entry goes with it.
 */
export async function rescindOffer(body: { offerId: string; reason: string }) {
  return apiRequest<{ data: Offer; message: string }>('/api/organization/offers/rescind', { method: 'POST', body });
}

export function useRescindOffer(openingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescindOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.offers(openingId) }),
  });
}
