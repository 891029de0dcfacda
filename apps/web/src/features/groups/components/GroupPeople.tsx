import { PeopleList } from '../../../lib/components/PeopleList';
import { showSuccess } from '../../../lib/snackbar';
import { useGroupFollowers } from '../api/listGroupFollowers';
import { useGroupMembers } from '../api/listGroupMembers';
import { useRemoveGroupFollower } from '../api/removeGroupFollower';
import { useRemoveGroupMember } from '../api/removeGroupMember';

/** Followers of the organization's groups, each removable. */
export function GroupFollowers() {
  const list = useGroupFollowers();
  const remove = useRemoveGroupFollower();
  return (
    <PeopleList
      label="Followers"
      people={list.data?.pages.flatMap((page) => page.items) ?? []}
      loading={list.isPending}
      failed={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => list.fetchNextPage()}
      sinceLabel="following since"
      emptyText="Nobody follows your groups yet."
      remove={{
        label: 'Remove',
        confirmTitle: 'Remove this follower?',
        explain: (row) => `${row.person.name} stops following ${row.groupName}. They can follow it again.`,
        onRemove: (row) =>
          remove.mutate(
            { groupId: row.groupId, userId: row.person.userId },
            { onSuccess: () => showSuccess('Follower removed') },
          ),
      }}
    />
  );
}

/** Members of the organization's groups, each removable. */
export function GroupMembers() {
  const list = useGroupMembers();
  const remove = useRemoveGroupMember();
  return (
    <PeopleList
      label="Members"
      people={list.data?.pages.flatMap((page) => page.items) ?? []}
      loading={list.isPending}
      failed={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => list.fetchNextPage()}
      sinceLabel="member since"
      emptyText="Your groups have no members yet. Share a group's join link to invite people."
      remove={{
        label: 'Remove',
        confirmTitle: 'Remove this member?',
        explain: (row) =>
          `${row.person.name} leaves ${row.groupName}. Nothing changes on their own profile; they may ask to join again.`,
        onRemove: (row) =>
          remove.mutate(
            { groupId: row.groupId, userId: row.person.userId },
            { onSuccess: () => showSuccess('Member removed') },
          ),
      }}
    />
  );
}
