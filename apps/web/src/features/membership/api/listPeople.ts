import type { MemberRow, MembershipKind } from '../kinds';
import { usePagedList } from './pagedList';

export type PeopleList = 'members' | 'followers';

export const peopleQueryKey = (kind: MembershipKind, which: PeopleList, groupId?: string) =>
  [...kind.queryRoot, which, groupId ?? 'all'] as const;

/** GET `${base}/members` or `${base}/followers`: people of the circles the caller may see (or one), newest first. */
export function usePeople<T extends MemberRow = MemberRow>(kind: MembershipKind, which: PeopleList, groupId?: string) {
  return usePagedList<T>(peopleQueryKey(kind, which, groupId), `${kind.api.base}/${which}`, { groupId });
}
