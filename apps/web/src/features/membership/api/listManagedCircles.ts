import type { Circle } from '@placely/contract';
import type { MembershipKind } from '../kinds';
import { usePagedList } from './pagedList';

export const managedCirclesQueryKey = (kind: MembershipKind) => [...kind.queryRoot, 'managed'] as const;

/** GET the circles the caller runs or holds a role in (groups: /api/groups; verification: …/groups/admin). */
export function useManagedCircles<C extends Circle>(kind: MembershipKind<C>, enabled = true) {
  return usePagedList<C>(managedCirclesQueryKey(kind as MembershipKind), kind.api.managed, {}, enabled);
}
