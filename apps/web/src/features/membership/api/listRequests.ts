import type { GroupRequest } from '@placely/contract';
import type { MembershipKind } from '../kinds';
import { usePagedList } from './pagedList';

export const requestsQueryKey = (kind: MembershipKind, groupId?: string) =>
  [...kind.queryRoot, 'requests', groupId ?? 'all'] as const;

/** GET `${base}/groupJoiningRequests`: pending requests to the circles the caller manages (or one), oldest first. */
export function useRequests(kind: MembershipKind, groupId?: string) {
  return usePagedList<GroupRequest>(requestsQueryKey(kind, groupId), `${kind.api.base}/groupJoiningRequests`, {
    groupId,
  });
}
