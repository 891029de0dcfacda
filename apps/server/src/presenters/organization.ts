import { type AuditEvent, describeAuditEvent, type OrganizationPerson, type OrganizationRole } from '@placely/contract';
import type { organizationAuditEvents } from '../db/schema';

export interface OrganizationPersonRow {
  memberId: string;
  organizationId: number;
  userId: number | null;
  name: string | null;
  email: string;
  role: OrganizationRole;
  allOpenings: boolean;
  openings: { id: string; title: string }[];
  canViewContacts: boolean;
  createdAt: Date;
  claimedAt: Date | null;
  expiresAt: Date | null;
}

export function presentOrganizationPerson(row: OrganizationPersonRow, now = new Date()): OrganizationPerson {
  const state =
    row.userId !== null ? 'active' : row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'invited';
  return {
    memberId: row.memberId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    allOpenings: row.role === 'owner' || row.allOpenings,
    openings: row.role === 'owner' || row.allOpenings ? [] : row.openings,
    canViewContacts: row.role !== 'reviewer' || row.canViewContacts,
    state,
    invitedAt: row.createdAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
    expiresAt: row.userId === null ? (row.expiresAt?.toISOString() ?? null) : null,
    isOrganizationAccount: row.userId === row.organizationId,
  };
}

export function presentAuditEvent(
  row: typeof organizationAuditEvents.$inferSelect,
  actor: { userId: number; name: string | null; email: string } | null,
  opening: { id: string; title: string } | null,
  candidateName: string | null,
): AuditEvent {
  // Application events are about the candidate (named as they are now); member events about the invited email.
  const subject = row.applicationId !== null ? candidateName : row.subjectEmail;
  return {
    id: row.id,
    kind: row.kind,
    at: row.createdAt.toISOString(),
    actor,
    opening,
    applicationId: row.applicationId,
    subjectEmail: row.subjectEmail,
    subject,
    summary: describeAuditEvent({
      kind: row.kind,
      details: row.details,
      subject,
      openingTitle: opening?.title ?? null,
    }),
    details: row.details,
  };
}
