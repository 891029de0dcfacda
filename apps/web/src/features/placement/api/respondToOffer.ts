import type { Offer } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/my/offers/respond: accept or decline an offer before its deadline. */
export function useRespondToOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { offerId: string; decision: 'accept' | 'decline'; reason?: string }) =>
      apiRequest<{ data: Offer; message: string }>('/api/placement/my/offers/respond', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.all }),
  });
}
