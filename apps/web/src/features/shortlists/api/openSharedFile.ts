import type { FileLink } from '@placely/contract';
import { apiData } from '../../../lib/api/client';

/** GET /api/organization/shortlisting/sharable/file: a fresh 5-minute signed link, opened at once. */
export async function openSharedFile(token: string, applicationId: string, fileId: string): Promise<void> {
  const link = await apiData<FileLink>('/api/organization/shortlisting/sharable/file', {
    query: { link: token, applicationId, fileId },
  });
  window.location.assign(link.url);
}
