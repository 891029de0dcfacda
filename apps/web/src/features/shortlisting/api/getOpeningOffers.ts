import type { Offer } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/offers?openingId=: every offer made on the opening's applications, newest first. */
export async function fetchOpeningOffers(openingId: string, signal?: AbortSignal): Promise<Offer[]> {
  const data = await apiData<{ items: Offer[] }>('/api/organization/offers', {
    query: { openingId },
    ...(signal ? { signal } : {}),
  });
  return data.items;
}

/** The opening's offers by application (one offer per application). */
export function useOpeningOffers(openingId: string) {
  return useQuery({
    queryKey: shortlistingKeys.offers(openingId),
    queryFn: ({ signal }) => fetchOpeningOffers(openingId, signal),
    select: (items) => new Map(items.map((offer) => [offer.applicationId, offer])),
    meta: { silent: true },
  });
}
