import type { CreateOfferBody, OfferCheck } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/**
 * POST /api/organization/offers/check (the create's body): the warnings the placement cycle's policy would put on the
 * offer, judged now; nothing is made. Asked just before sending, so it is never cached.
 */
export function checkOffer(body: CreateOfferBody): Promise<OfferCheck> {
  return apiData<OfferCheck>('/api/organization/offers/check', { method: 'POST', body });
}

export const useCheckOffer = () => useMutation({ mutationFn: checkOffer });
