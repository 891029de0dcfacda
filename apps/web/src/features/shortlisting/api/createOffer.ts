import type { CreateOfferBody, Offer } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/**
 * POST /api/organization/offers: makes the offer and moves the candidate to Offered. Inside a placement cycle the
 * answer's `policyWarnings` say what the cycle's policy would refuse (the offer is made all the same).
 */
export async function createOffer(body: CreateOfferBody): Promise<{ data: Offer; message: string }> {
  return apiRequest<{ data: Offer; message: string }>('/api/organization/offers', { method: 'POST', body });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    // The candidate moved: the pipeline's counts, the board, the table and the history change with the offer.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.all }),
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot }),
      ]),
  });
}
