import type { FileLink } from '@placely/contract';
import { apiData } from '../api/client';

/** GET /api/files/:id/link: a signed link valid for a few minutes; open it right away. */
export function fetchFileLink(fileId: string): Promise<FileLink> {
  return apiData<FileLink>(`/api/files/${fileId}/link`);
}

export async function openFile(fileId: string): Promise<void> {
  const link = await fetchFileLink(fileId);
  window.location.assign(link.url);
}
