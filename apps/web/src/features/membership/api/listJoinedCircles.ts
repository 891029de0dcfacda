import type { Circle } from '@placely/contract';
import type { MembershipKind } from '../kinds';
import { usePagedList } from './pagedList';

export const joinedCirclesQueryKey = (kind: MembershipKind) => [...kind.queryRoot, 'joined'] as const;

/** GET the circles the caller belongs to or asked to join, with each request's outcome. */
export function useJoinedCircles<C extends Circle>(kind: MembershipKind<C>) {
  return usePagedList<C>(joinedCirclesQueryKey(kind as MembershipKind), kind.api.joined.path, kind.api.joined.query);
}
