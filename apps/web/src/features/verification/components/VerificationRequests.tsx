import { RequestsList } from '../../../lib/components/RequestsList';
import { showSuccess } from '../../../lib/snackbar';
import { useAcceptVerificationRequests } from '../api/acceptVerificationRequests';
import { useDeclineVerificationRequests } from '../api/declineVerificationRequests';
import { useVerificationRequests } from '../api/listVerificationRequests';

/** Pending requests to the verification groups you manage, accepted or declined one by one or many at once. */
export function VerificationRequests() {
  const list = useVerificationRequests();
  const accept = useAcceptVerificationRequests();
  const decline = useDeclineVerificationRequests();
  return (
    <RequestsList
      requests={list.data?.pages.flatMap((page) => page.items) ?? []}
      loading={list.isPending}
      failed={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => list.fetchNextPage()}
      busy={accept.isPending || decline.isPending}
      emptyText="No requests are waiting. When people ask to join your verification groups, they appear here."
      onDecide={async (decision, ids) => {
        const result = await (decision === 'accept' ? accept : decline).mutateAsync(ids);
        showSuccess(result.message);
      }}
    />
  );
}
