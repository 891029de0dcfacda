import { type AuditKind, ORGANIZATION_HEADER, type OrganizationRole } from '@placely/contract';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Actor, UserRow } from '../auth/authenticate';
import type { Executor } from '../db/client';
import { organizationAuditEvents, organizationMembers, organizations, users } from '../db/schema';
import { errors } from '../errors';
import { authorize } from '../policies';
import type { OrganizationAccess } from '../policies/organization';

/** What the organization helpers read from a request: only its headers. */
export type RequestHeaders = Pick<FastifyRequest, 'headers'>;

/** An organization account gets its organization, with itself as the first owner (also done by migration 0010). */
export async function createOrganizationFor(tx: Executor, user: UserRow): Promise<void> {
  await tx.insert(organizations).values({ id: user.id }).onConflictDoNothing();
  await tx
    .insert(organizationMembers)
    .values({
      organizationId: user.id,
      userId: user.id,
      email: user.email.toLowerCase(),
      role: 'owner',
      claimedAt: sql`now()`,
    })
    .onConflictDoNothing();
}

/**
 * Someone who arrives through a team invitation without an account type is a person, not an organization: they
 * become Individual at sign-in (as people following a form link do), so the sign-in completes and they land where
 * they can accept it (the Team page). Nobody joins a team at sign-in: invitations are accepted (issue 40).
 */
export async function claimOrganizationInvitations(tx: Executor, user: UserRow): Promise<UserRow> {
  if (user.accountType !== null) return user;
  const [open] = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.email, user.email.toLowerCase()),
        isNull(organizationMembers.userId),
        isNull(organizationMembers.revokedAt),
        gt(organizationMembers.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!open) return user;
  const [updated] = await tx
    .update(users)
    .set({ accountType: 'Individual', updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), isNull(users.accountType)))
    .returning();
  return updated ?? user;
}

/** The organization the request names in X-Organization-Id, or undefined; a malformed value is a 400. */
export function namedOrganization(request: RequestHeaders): number | undefined {
  const raw = request.headers[ORGANIZATION_HEADER.toLowerCase()];
  if (raw === undefined || raw === '') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw errors.validation([{ field: ORGANIZATION_HEADER, message: 'Must be an organization id' }]);
  }
  return Number(value);
}

/** The caller's latest membership row of an organization (live first, else the last revoked), or none. */
export interface MembershipRow {
  id: string;
  role: OrganizationRole;
  allOpenings: boolean;
  canViewContacts: boolean;
  revokedAt: string | Date | null;
  organizationDeleted: boolean;
  openingIds: string[] | null;
}

/**
 * The caller's membership row as one JSON value, for a read that starts from the caller's user row
 * (`from users where users.id = …`): what `loadOrganizationAccess` reads, and what a hot route's first read folds in.
 * An index lookup on (organization_id, user_id), revoked rows included (organizations.test.ts holds the plan).
 * `users.id` is written out: drizzle leaves a column of a one-table select unqualified, and a bare "id" here would be
 * the membership's own.
 */
export function membershipOfCaller(organizationId: SQL) {
  return sql<MembershipRow | null>`(select jsonb_build_object('id', m.id, 'role', m.role,
      'allOpenings', m.all_openings, 'canViewContacts', m.can_view_contacts, 'revokedAt', m.revoked_at,
      'organizationDeleted', exists(select 1 from organizations o where o.id = m.organization_id
        and o.deleted_at is not null),
      'openingIds', coalesce((select jsonb_agg(mo.opening_id::text) from organization_member_openings mo
        where mo.member_id = m.id), '[]'::jsonb))
    from organization_members m where m.organization_id = ${organizationId} and m.user_id = users.id
    order by m.revoked_at is null desc, m.revoked_at desc limit 1)`;
}

/** What a membership row grants in its organization. */
export function accessFromMembership(
  organizationId: number,
  named: boolean,
  row: MembershipRow | null | undefined,
): OrganizationAccess {
  // A deleted organization grants nobody anything, whatever their row says (its rows are revoked with it too).
  const deleted = row?.organizationDeleted === true;
  const live = row && row.revokedAt === null && !deleted ? row : null;
  return {
    organizationId,
    named,
    deleted,
    former: !!row && live === null && !deleted,
    member: live
      ? {
          id: live.id,
          role: live.role,
          allOpenings: live.allOpenings,
          openingIds: live.openingIds ?? [],
          canViewContacts: live.canViewContacts,
        }
      : null,
  };
}

/** The caller's live membership of an organization, read fresh (never from the token): removal acts at once. */
export async function loadOrganizationAccess(
  db: Executor,
  actor: Actor,
  organizationId: number,
  named: boolean,
): Promise<OrganizationAccess> {
  const [row] = await db
    .select({ membership: membershipOfCaller(sql`${organizationId}::bigint`) })
    .from(users)
    .where(eq(users.id, actor.user.id));
  return accessFromMembership(organizationId, named, row?.membership);
}

/**
 * Who an organization-scoped request acts for: the organization it names, else the caller's own account (so
 * single-person organizations work with no header). Naming an organization the caller is not in is a 403 here.
 */
export async function organizationAccessOf(
  db: Executor,
  request: RequestHeaders,
  actor: Actor,
): Promise<OrganizationAccess> {
  const named = namedOrganization(request);
  const access = await loadOrganizationAccess(db, actor, named ?? actor.user.id, named !== undefined);
  authorize(actor, 'organization.actFor', access);
  return access;
}

/** The organization a request acts for (the one it names, else the caller's own account), before any read. */
export function actingForOf(request: RequestHeaders, callerId: number): { organizationId: number; named: boolean } {
  const named = namedOrganization(request);
  return { organizationId: named ?? callerId, named: named !== undefined };
}

/**
 * The caller's standing in the organization the request names (else their own account) without refusing anyone:
 * public pages (a group's details) still answer a removed member, only without the organization's abilities.
 */
export async function organizationStandingOf(
  db: Executor,
  request: RequestHeaders,
  actor: Actor,
): Promise<OrganizationAccess> {
  const named = namedOrganization(request);
  return loadOrganizationAccess(db, actor, named ?? actor.user.id, named !== undefined);
}

/**
 * Serialises changes to one organization's team: every team change locks the organization row first, then reads
 * the caller's role and the owners, so two owners demoting each other at once cannot leave nobody in charge.
 */
export async function lockOrganization(tx: Executor, organizationId: number): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

export interface AuditEntry {
  kind: AuditKind;
  openingId?: string | null;
  applicationId?: string | null;
  subjectEmail?: string | null;
  details?: Record<string, string | number | boolean | null>;
}

/** Appends to the organization's audit trail, inside the caller's transaction when there is one. */
export async function recordAudit(
  db: Executor,
  organizationId: number,
  actorUserId: number,
  entry: AuditEntry,
  options: { onceOnly?: boolean } = {},
): Promise<void> {
  const insert = db.insert(organizationAuditEvents).values({
    organizationId,
    actorUserId,
    kind: entry.kind,
    openingId: entry.openingId ?? null,
    applicationId: entry.applicationId ?? null,
    subjectEmail: entry.subjectEmail ?? null,
    details: entry.details ?? {},
  });
  // Entries a unique index keeps to one (a video answer watched: once per person and answer).
  await (options.onceOnly ? insert.onConflictDoNothing() : insert);
}
