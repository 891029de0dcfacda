import { EXPORT_TOTAL_ROWS_HEADER, type ExportFormat } from '@placely/contract';
import { apiDownload } from '../../../lib/api/client';
import { fileNameFromDisposition } from '../../../lib/download';
import { CsvRecordCounter } from '../csvRows';

export interface ExportProgress {
  bytes: number;
  /** Rows seen so far; null when the format cannot be counted while streaming (XLSX is compressed). */
  rows: number | null;
  /** From the X-Total-Rows header, sent before the body. */
  totalRows: number | null;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  rows: number | null;
  totalRows: number | null;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * GET /api/organization/openings/id/applications/export?id=&format=: streams every application into a file,
 * reporting bytes (and CSV rows) against the row count the server announces up front.
 */
export async function downloadApplicationsExport(
  openingId: string,
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const response = await apiDownload('/api/organization/openings/id/applications/export', {
    query: { id: openingId, format },
    ...(signal ? { signal } : {}),
  });
  const announced = Number(response.headers.get(EXPORT_TOTAL_ROWS_HEADER));
  const totalRows = Number.isFinite(announced) && response.headers.has(EXPORT_TOTAL_ROWS_HEADER) ? announced : null;
  const fileName = fileNameFromDisposition(
    response.headers.get('Content-Disposition'),
    `applications-${openingId}.${format}`,
  );
  const counter = format === 'csv' ? new CsvRecordCounter() : null;
  const decoder = new TextDecoder();
  const chunks: BlobPart[] = [];
  let bytes = 0;
  onProgress({ bytes, rows: counter ? 0 : null, totalRows });

  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      counter?.push(decoder.decode(value, { stream: true }));
      onProgress({ bytes, rows: counter ? counter.rows() : null, totalRows });
    }
  }
  counter?.push(decoder.decode());
  const rows = counter ? counter.rows(true) : null;
  onProgress({ bytes, rows, totalRows });
  const type = response.headers.get('Content-Type') ?? CONTENT_TYPES[format];
  return { blob: new Blob(chunks, { type }), fileName, rows, totalRows };
}

export { saveBlob } from '../../../lib/download';
