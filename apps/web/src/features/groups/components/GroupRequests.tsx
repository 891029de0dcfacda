import { RequestsList } from '../../../lib/components/RequestsList';
import { showSuccess } from '../../../lib/snackbar';
import { useAcceptGroupRequests } from '../api/acceptGroupRequests';
import { useDeclineGroupRequests } from '../api/declineGroupRequests';
import { useGroupRequests } from '../api/listGroupRequests';

/** Pending requests to the organization's groups, accepted or declined one by one or many at once. */
export function GroupRequests() {
  const list = useGroupRequests();
  const accept = useAcceptGroupRequests();
  const decline = useDeclineGroupRequests();
  return (
    <RequestsList
      requests={list.data?.pages.flatMap((page) => page.items) ?? []}
      loading={list.isPending}
      failed={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => list.fetchNextPage()}
      busy={accept.isPending || decline.isPending}
      emptyText="No requests are waiting. When people ask to join your groups, they appear here."
      onDecide={async (decision, ids) => {
        const result = await (decision === 'accept' ? accept : decline).mutateAsync(ids);
        showSuccess(result.message);
      }}
    />
  );
}
