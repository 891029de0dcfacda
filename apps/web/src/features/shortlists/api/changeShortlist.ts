import type { Shortlist } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { shortlistKeys } from './keys';

/** After a change to one shortlist: refresh it, its candidates and its opening's list. */
export function useRefreshShortlist() {
  const queryClient = useQueryClient();
  return (shortlist: Pick<Shortlist, 'id' | 'openingId'>) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shortlistKeys.one(shortlist.id) }),
      queryClient.invalidateQueries({ queryKey: shortlistKeys.users(shortlist.id) }),
      queryClient.invalidateQueries({ queryKey: shortlistKeys.ofOpening(shortlist.openingId) }),
    ]);
}
