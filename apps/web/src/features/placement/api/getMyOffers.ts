import type { Offer } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/my/offers: every offer made to the student, newest first, with what they may do. */
export const fetchMyOffers = () => apiData<{ items: Offer[] }>('/api/placement/my/offers');
export const useMyOffers = () => useQuery({ queryKey: placementKeys.myOffers, queryFn: fetchMyOffers });
