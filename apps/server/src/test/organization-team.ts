import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organizationAuditEvents } from '../db/schema';
import { seedOrganization, seedOrganizationMember, seedStudent } from '../seed/helpers';
import type { TestServer } from './harness';

/** The team members among the actors: they act for the organization with the X-Organization-Id header. */
export const ACTING_FOR_ORGANIZATION = ['coordinator', 'reviewer', 'elsewhere'] as const;

/**
 * The people a route test tries an organization rule with, as access tokens: the organization's owner account, a
 * coordinator, a reviewer of `openingId`, a reviewer of another of its openings (`otherOpeningId`), and another
 * organization.
 */
export async function seedTeamTokens(
  server: TestServer,
  organizationId: number,
  openingId: string,
  otherOpeningId: string,
) {
  const coordinator = await seedStudent(server.db, { name: 'Coordinator' });
  const reviewer = await seedStudent(server.db, { name: 'Reviewer' });
  const elsewhere = await seedStudent(server.db, { name: 'Reviewer elsewhere' });
  await seedOrganizationMember(server.db, { organizationId, userId: coordinator.id, role: 'coordinator' });
  await seedOrganizationMember(server.db, {
    organizationId,
    userId: reviewer.id,
    role: 'reviewer',
    openingIds: [openingId],
  });
  await seedOrganizationMember(server.db, {
    organizationId,
    userId: elsewhere.id,
    role: 'reviewer',
    openingIds: [otherOpeningId],
  });
  const stranger = await seedOrganization(server.db, { name: 'Stranger Org' });
  return {
    owner: await server.tokenFor(organizationId),
    coordinator: await server.tokenFor(coordinator.id),
    reviewer: await server.tokenFor(reviewer.id),
    elsewhere: await server.tokenFor(elsewhere.id),
    stranger: await server.tokenFor(stranger.id),
  };
}

/** The organization's audit entries of one kind, oldest first as written. */
export function auditEventsOf(
  db: Database,
  organizationId: number,
  kind: (typeof organizationAuditEvents.$inferSelect)['kind'],
) {
  return db
    .select()
    .from(organizationAuditEvents)
    .where(and(eq(organizationAuditEvents.organizationId, organizationId), eq(organizationAuditEvents.kind, kind)));
}
