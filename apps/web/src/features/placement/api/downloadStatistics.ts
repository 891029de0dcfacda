import type { ExportFormat, StatisticsExport } from '@placely/contract';
import { apiDownload } from '../../../lib/api/client';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';

/** GET /api/placement/cycles/statistics/export: one figure (or the NIRF table) as CSV or XLSX, saved as a download. */
export async function downloadStatistics(cycleId: string, figure: StatisticsExport, format: ExportFormat) {
  const response = await apiDownload('/api/placement/cycles/statistics/export', { query: { cycleId, figure, format } });
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), `${figure}.${format}`);
  saveBlob(await response.blob(), fileName);
}
