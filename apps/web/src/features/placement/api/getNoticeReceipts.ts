import type { NoticeReceiptPage, ReceiptFilter } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/cycles/notices/receipts: who a notice reached, and who read and acknowledged it. */
export const fetchNoticeReceipts = (noticeId: string, show: ReceiptFilter, offset: number) =>
  apiData<NoticeReceiptPage>('/api/placement/cycles/notices/receipts', { query: { noticeId, show, offset } });
export const useNoticeReceipts = (noticeId: string, show: ReceiptFilter) =>
  useInfiniteQuery({
    queryKey: placementKeys.receipts(noticeId, show),
    queryFn: ({ pageParam }) => fetchNoticeReceipts(noticeId, show, pageParam),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset ?? undefined,
  });
