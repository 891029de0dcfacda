// The team's rows and rules the organization routes share: people with their scopes, last-owner protection, team access.
import {
  ORGANIZATION_INVITATION_LIMITS,
  ORGANIZATION_INVITATION_MESSAGES,
  ORGANIZATION_ROLE_LABELS,
  type OrganizationInviteBody,
  type OrganizationRole,
} from '@placely/contract';
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import {
  individualProfiles,
  openings,
  organizationAuditEvents,
  organizationMemberOpenings,
  organizationMembers,
  organizations,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { authorize, can } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import type { OrganizationPersonRow } from '../../presenters/organization';
import { lockOrganization, namedOrganization, organizationAccessOf } from '../../services/organizations';

export const personName = sql<string | null>`coalesce(${individualProfiles.name}, ${users.name})`;

/** The team's order: owners, coordinators, reviewers, each by name (or address), then id — also the keyset. */
const roleRank = sql<number>`(case ${organizationMembers.role} when 'owner' then 0 when 'coordinator' then 1 else 2 end)`;
const nameKey = sql<string>`lower(coalesce(${personName}, ${organizationMembers.email}))`;

/** Where a page of the team ends: the last row's place in the team's order. */
export interface PeoplePosition {
  rank: number;
  name: string;
  memberId: string;
}

export function isPeoplePosition(value: unknown): value is PeoplePosition {
  const position = value as Partial<PeoplePosition> | null;
  return (
    typeof position === 'object' &&
    position !== null &&
    typeof position.rank === 'number' &&
    typeof position.name === 'string' &&
    typeof position.memberId === 'string' &&
    /^[0-9a-f-]{36}$/i.test(position.memberId)
  );
}

/**
 * The people (live rows) of an organization — a page after `page.after`, or one of them by `memberId` — with the
 * openings a limited role covers, and the position of each row for the next page's cursor.
 */
export async function loadPeople(
  db: Executor,
  organizationId: number,
  memberId?: string,
  page?: { after: PeoplePosition | null; limit: number },
): Promise<(OrganizationPersonRow & { position: PeoplePosition })[]> {
  const after = page?.after;
  const query = db
    .select({
      memberId: organizationMembers.id,
      organizationId: organizationMembers.organizationId,
      userId: organizationMembers.userId,
      name: personName,
      email: organizationMembers.email,
      role: organizationMembers.role,
      allOpenings: organizationMembers.allOpenings,
      canViewContacts: organizationMembers.canViewContacts,
      createdAt: organizationMembers.createdAt,
      claimedAt: organizationMembers.claimedAt,
      expiresAt: organizationMembers.expiresAt,
      rank: roleRank,
      nameKey,
    })
    .from(organizationMembers)
    .leftJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        isNull(organizationMembers.revokedAt),
        memberId ? eq(organizationMembers.id, memberId) : undefined,
        after
          ? sql`(${roleRank}, ${nameKey}, ${organizationMembers.id}) > (${after.rank}, ${after.name}, ${after.memberId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(roleRank), asc(nameKey), asc(organizationMembers.id))
    .$dynamic();
  const rows = await (page ? query.limit(page.limit + 1) : query);
  const ids = rows.map((row) => row.memberId);
  const scoped =
    ids.length === 0
      ? []
      : await db
          .select({ memberId: organizationMemberOpenings.memberId, id: openings.id, title: openings.title })
          .from(organizationMemberOpenings)
          .innerJoin(openings, eq(openings.id, organizationMemberOpenings.openingId))
          .where(and(inArray(organizationMemberOpenings.memberId, ids), isNull(openings.deletedAt)))
          .orderBy(asc(openings.title));
  return rows.map(({ rank, nameKey: name, ...row }) => ({
    ...row,
    position: { rank: Number(rank), name, memberId: row.memberId },
    openings: scoped.filter((opening) => opening.memberId === row.memberId).map(({ id, title }) => ({ id, title })),
  }));
}

/** A role's openings must be the organization's own live ones. */
export async function assertOwnOpenings(db: Executor, organizationId: number, openingIds: string[]) {
  if (openingIds.length === 0) return;
  const own = await db
    .select({ id: openings.id })
    .from(openings)
    .where(
      and(inArray(openings.id, openingIds), eq(openings.organizationId, organizationId), isNull(openings.deletedAt)),
    );
  if (own.length !== new Set(openingIds).size) {
    throw errors.validation([{ field: 'openingIds', message: "Choose from the organization's own openings." }]);
  }
}

/** Owners cover every opening; a limited role needs at least one opening. */
export function scopeOf(input: Pick<OrganizationInviteBody, 'role' | 'allOpenings' | 'openingIds'>) {
  const allOpenings = input.role === 'owner' || input.allOpenings !== false;
  const openingIds = allOpenings ? [] : [...new Set(input.openingIds ?? [])];
  if (!allOpenings && openingIds.length === 0) {
    throw errors.validation([{ field: 'openingIds', message: 'Choose at least one opening, or all openings.' }]);
  }
  return { allOpenings, openingIds };
}

export async function replaceScope(tx: Executor, memberId: string, openingIds: string[]) {
  await tx.delete(organizationMemberOpenings).where(eq(organizationMemberOpenings.memberId, memberId));
  if (openingIds.length > 0) {
    await tx.insert(organizationMemberOpenings).values(openingIds.map((openingId) => ({ memberId, openingId })));
  }
}

/**
 * An organization always keeps an owner who has signed in. Runs after lockOrganization, so concurrent demotions
 * and removals are decided one at a time on committed rows.
 */
export async function assertAnotherOwnerRemains(tx: Executor, organizationId: number, leavingMemberId: string) {
  const [other] = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.role, 'owner'),
        isNull(organizationMembers.revokedAt),
        isNotNull(organizationMembers.userId),
        ne(organizationMembers.id, leavingMemberId),
      ),
    )
    .limit(1);
  if (!other) throw errors.conflict("This is the organization's only owner: make someone else owner first.");
}

/** The target row of a team change: a live row of this organization; anything else is a 404. */
export async function loadMemberRow(tx: Executor, organizationId: number, memberId: string) {
  const [row] = await tx
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.id, memberId),
        eq(organizationMembers.organizationId, organizationId),
        isNull(organizationMembers.revokedAt),
      ),
    );
  if (!row) throw errors.notFound('That person');
  return row;
}

/**
 * An invitation may go out: the address was not invited by this organization within the resend window, and the
 * organization is under its 24-hour cap (lower while it is new). Counted from the audit trail's `member.invited`
 * rows — every invitation sent, renewals included — under the organization row's lock (`teamAccess`), so concurrent
 * invitations are counted one after another, in every server process. Refusals are 429 with the reason.
 */
export async function assertInvitationAllowed(tx: Executor, organizationId: number, email: string) {
  const { resendAfterMinutes, perDay, perDayWhileNew, newForDays } = ORGANIZATION_INVITATION_LIMITS;
  const events = organizationAuditEvents;
  const [counts] = await tx
    .select({
      lastDay: sql<number>`count(*)::int`,
      toAddress: sql<number>`(count(*) filter (where ${events.subjectEmail} = ${email}
        and ${events.createdAt} > now() - make_interval(mins => ${resendAfterMinutes})))::int`,
      isNew: sql<boolean>`(select ${organizations.createdAt} > now() - make_interval(days => ${newForDays})
        from ${organizations} where ${organizations.id} = ${organizationId})`,
    })
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        gt(events.createdAt, sql`now() - interval '24 hours'`),
        eq(events.kind, 'member.invited'),
      ),
    );
  if ((counts?.toAddress ?? 0) > 0) throw errors.rateLimited(ORGANIZATION_INVITATION_MESSAGES.resendTooSoon(email));
  const cap = counts?.isNew ? perDayWhileNew : perDay;
  if ((counts?.lastDay ?? 0) >= cap) throw errors.rateLimited(ORGANIZATION_INVITATION_MESSAGES.dailyCap(cap));
}

/** Team changes: lock the organization, then read the caller's role, so a demoted owner cannot act on. */
export async function teamAccess(tx: Executor, request: Parameters<typeof organizationAccessOf>[1], actor: Actor) {
  await lockOrganization(tx, namedOrganization(request) ?? actor.user.id);
  const access = await organizationAccessOf(tx, request, actor);
  authorize(actor, 'organization.manageTeam', access);
  return access;
}

export const roleTitle = (role: OrganizationRole) => ORGANIZATION_ROLE_LABELS[role].toLowerCase();
export const article = (role: OrganizationRole) => (role === 'owner' ? 'an' : 'a');

export function abilitiesOf(actor: Actor, access: OrganizationAccess) {
  return {
    createOpenings: can(actor, 'opening.create', access),
    manageTeam: can(actor, 'organization.manageTeam', access),
    viewActivity: can(actor, 'organization.viewActivity', access),
    export: access.member !== null && access.member.role !== 'reviewer',
    runGroups: can(actor, 'group.create', access),
  };
}
