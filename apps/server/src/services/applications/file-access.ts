import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applicationFiles, applications, openings } from '../../db/schema';

/** True when the file is attached to an application to one of the organization's openings (any revision). */
export async function isAttachedToOpeningOf(db: Executor, fileId: string, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ fileId: applicationFiles.fileId })
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .innerJoin(openings, eq(openings.id, applications.openingId))
    .where(and(eq(applicationFiles.fileId, fileId), eq(openings.organizationId, organizationId)))
    .limit(1);
  return row !== undefined;
}
