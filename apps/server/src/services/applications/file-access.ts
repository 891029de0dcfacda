import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applicationFiles, applications, openings } from '../../db/schema';

/**
 * The organization's openings (with the application) that the file was sent to, with any revision; empty when none.
 * The caller decides which of them the person's role covers.
 */
export async function applicationsWithFileAt(
  db: Executor,
  fileId: string,
  organizationId: number,
): Promise<{ openingId: string; applicationId: string }[]> {
  return db
    .selectDistinct({ openingId: openings.id, applicationId: applications.id })
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .innerJoin(openings, eq(openings.id, applications.openingId))
    .where(and(eq(applicationFiles.fileId, fileId), eq(openings.organizationId, organizationId)));
}
