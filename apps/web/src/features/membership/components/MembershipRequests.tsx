import { RequestsList } from '../../../lib/components/RequestsList';
import { showSuccess } from '../../../lib/snackbar';
import { useDecideRequests } from '../api/decideRequests';
import { useRequests } from '../api/listRequests';
import { itemsOf } from '../api/pagedList';
import type { MembershipKind } from '../kinds';

/** Pending requests to the circles the caller manages, accepted or declined one by one or many at once. */
export function MembershipRequests({ kind }: { kind: MembershipKind }) {
  const list = useRequests(kind);
  const decide = useDecideRequests(kind);
  return (
    <RequestsList
      requests={itemsOf(list.data)}
      loading={list.isPending}
      failed={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => list.fetchNextPage()}
      busy={decide.isPending}
      emptyText={`No requests are waiting. When people ask to join your ${kind.words.plural}, they appear here.`}
      onDecide={async (decision, ids) => showSuccess((await decide.mutateAsync({ decision, ids })).message)}
    />
  );
}
