import type { StoredFile } from '@placely/contract';
import type { files } from '../db/schema';

export type FileRow = typeof files.$inferSelect;

export function presentFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType ?? 'application/octet-stream',
    size: row.size,
    purpose: row.purpose,
    createdAt: row.createdAt.toISOString(),
  };
}
