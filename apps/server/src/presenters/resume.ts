import type { Resume } from '@placely/contract';
import type { resumes } from '../db/schema';
import { type FileRow, presentFile } from './file';

export type ResumeRow = typeof resumes.$inferSelect;

export function presentResume(row: ResumeRow, file: FileRow): Resume {
  return {
    id: row.id,
    title: row.title,
    isDefault: row.isDefault,
    file: presentFile(file),
    createdAt: row.createdAt.toISOString(),
  };
}
