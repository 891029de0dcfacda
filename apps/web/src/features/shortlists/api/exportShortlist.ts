import type { ExportFormat } from '@placely/contract';
import { apiDownload } from '../../../lib/api/client';

/** GET /api/organization/shortlisting/id/export?id=&format=: the file and the name the server gives it. */
export async function downloadShortlistExport(id: string, format: ExportFormat): Promise<void> {
  const response = await apiDownload('/api/organization/shortlisting/id/export', { query: { id, format } });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : `shortlist.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
