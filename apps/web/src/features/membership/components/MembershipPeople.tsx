import type { ReactNode } from 'react';
import { PeopleList } from '../../../lib/components/PeopleList';
import { showSuccess } from '../../../lib/snackbar';
import { usePeople, type PeopleList as Which } from '../api/listPeople';
import { itemsOf } from '../api/pagedList';
import { useRemovePerson } from '../api/removePerson';
import type { MemberRow, MembershipKind } from '../kinds';

export interface MembershipPeopleProps<T extends MemberRow> {
  kind: MembershipKind;
  which: Which;
  /** Rows the caller may remove (all when left out): e.g. only the circles they manage. */
  canRemove?: (row: T) => boolean;
  /** The kind's own details and actions per row (verification: verified count, review records). */
  details?: (row: T) => ReactNode;
  actions?: (row: T) => ReactNode;
}

/** Members or followers of the circles the caller manages, each removable behind a confirmation. */
export function MembershipPeople<T extends MemberRow = MemberRow>({
  kind,
  which,
  canRemove,
  details,
  actions,
}: MembershipPeopleProps<T>) {
  const list = usePeople<T>(kind, which);
  const remove = useRemovePerson(kind, which);
  const members = which === 'members';
  const { words } = kind;
  return (
    <PeopleList<T>
      label={members ? 'Members' : 'Followers'}
      people={itemsOf(list.data)}
      loading={list.isPending}
      failed={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => list.fetchNextPage()}
      sinceLabel={members ? 'member since' : 'following since'}
      emptyText={members ? words.membersEmpty : `Nobody follows your ${words.plural} yet.`}
      {...(details ? { details } : {})}
      {...(actions ? { actions } : {})}
      remove={{
        label: 'Remove',
        ...(canRemove ? { allowed: canRemove } : {}),
        confirmTitle: members ? 'Remove this member?' : 'Remove this follower?',
        explain: (row) => (members ? words.memberRemoval : words.followerRemoval)(row.person.name, row.groupName),
        onRemove: (row) =>
          remove.mutate(
            { groupId: row.groupId, userId: row.person.userId },
            { onSuccess: (result) => showSuccess(result.message) },
          ),
      }}
    />
  );
}
