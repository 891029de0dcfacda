import type { InstitutionRole, VerificationAbilities, VerificationGroup, VerificationRole } from '@placely/contract';
import { and, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { institutionRoles, institutions, verificationGroupRoles, verificationGroups } from '../../db/schema';
import { errors } from '../../errors';
import { authorize, can } from '../../policies';
import { type OrganizationAccess, runsForOrganization } from '../../policies/organization';
import {
  isApproved,
  isLiveVerificationGroup,
  isVerificationAdmin,
  isVisible,
  type VerificationAccess,
  type VerificationGroupRow,
} from '../../policies/verification-group';
import { presentVerificationGroup } from '../../presenters/verification-group';
import { circleCounts, VERIFICATION_CIRCLE, viewerStates } from '../../services/memberships';
import { ownerSummaries, unknownOwner } from '../../services/people';
import type { MembershipKind } from '../memberships';
import { verifiedCounts } from './queries';
import { verificationMembershipWords } from './schema';

const MANAGING_ROLES: VerificationRole[] = ['owner', 'admin'];

/** SQL: the caller holds one of `roles` in the verification group row (or a role at its institution). */
function heldBy(userId: number, roles: VerificationRole[] | 'any', institutionRolesToo: InstitutionRole[]): SQL {
  const byRole = exists(
    sql`(select 1 from ${verificationGroupRoles} where ${verificationGroupRoles.groupId} = ${verificationGroups.id} and ${verificationGroupRoles.userId} = ${userId}${
      roles === 'any' ? sql`` : sql` and ${inArray(verificationGroupRoles.role, roles)}`
    })`,
  );
  const byInstitution = exists(
    sql`(select 1 from ${institutionRoles} where ${institutionRoles.institutionId} = ${verificationGroups.institutionId} and ${institutionRoles.userId} = ${userId} and ${inArray(institutionRoles.role, institutionRolesToo)})`,
  );
  return or(byRole, byInstitution) as SQL;
}
/** SQL: the organization's own verification groups, when the caller runs them acting for it (else nothing more). */
const runByOrganization = (organization: OrganizationAccess | null): SQL | undefined =>
  organization !== null && runsForOrganization(organization, organization.organizationId)
    ? and(eq(verificationGroups.ownerId, organization.organizationId), isNull(verificationGroups.institutionId))
    : undefined;
export const managedBy = (userId: number, organization: OrganizationAccess | null = null) =>
  or(heldBy(userId, MANAGING_ROLES, ['root', 'admin']), runByOrganization(organization)) as SQL;
export const anyRoleOf = (userId: number, organization: OrganizationAccess | null = null) =>
  or(heldBy(userId, 'any', ['root', 'admin']), runByOrganization(organization)) as SQL;

/** The caller's access to each group, in three queries for any number of groups. */
async function accessFor(
  db: Executor,
  actor: Actor | null,
  adminEmails: readonly string[],
  rows: VerificationGroupRow[],
  organization: OrganizationAccess | null,
): Promise<Map<string, VerificationAccess & { following: boolean }>> {
  const ids = rows.map((row) => row.id);
  const institutionIds = [...new Set(rows.map((row) => row.institutionId).filter((id): id is number => id !== null))];
  const userId = actor?.user.id ?? null;
  const [roles, instRoles, states] = await readTogether(db, [
    () =>
      userId === null || ids.length === 0
        ? []
        : db
            .select({ groupId: verificationGroupRoles.groupId, role: verificationGroupRoles.role })
            .from(verificationGroupRoles)
            .where(and(eq(verificationGroupRoles.userId, userId), inArray(verificationGroupRoles.groupId, ids))),
    () =>
      userId === null || institutionIds.length === 0
        ? []
        : db
            .select({ institutionId: institutionRoles.institutionId, role: institutionRoles.role })
            .from(institutionRoles)
            .where(and(eq(institutionRoles.userId, userId), inArray(institutionRoles.institutionId, institutionIds))),
    () => viewerStates(db, VERIFICATION_CIRCLE, userId, ids),
  ]);
  const roleOf = new Map(roles.map((row) => [row.groupId, row.role]));
  const institutionRoleOf = new Map(instRoles.map((row) => [row.institutionId, row.role]));
  const isPlatformAdmin = isVerificationAdmin(actor, adminEmails);
  return new Map(
    rows.map((group) => [
      group.id,
      {
        group,
        role: roleOf.get(group.id) ?? null,
        institutionRole: group.institutionId === null ? null : (institutionRoleOf.get(group.institutionId) ?? null),
        membership: states.get(group.id)?.membership ?? null,
        following: states.get(group.id)?.following ?? false,
        isPlatformAdmin,
        organization,
      },
    ]),
  );
}

type AccessAction =
  | 'verificationGroup.manage'
  | 'verificationGroup.delete'
  | 'verificationGroup.grantOwner'
  | 'verificationGroup.verify'
  | 'verificationGroup.viewMembers'
  | 'verificationGroup.join'
  | 'verificationGroup.follow'
  | 'verificationGroup.approve';

export function abilitiesFor(actor: Actor | null, access: VerificationAccess): VerificationAbilities {
  const { group, membership } = access;
  const signedIn = (action: AccessAction) => actor !== null && can(actor, action, access);
  const openToNewcomers = isLiveVerificationGroup(group) && isApproved(group);
  return {
    manage: signedIn('verificationGroup.manage'),
    delete: signedIn('verificationGroup.delete'),
    grantOwner: signedIn('verificationGroup.grantOwner'),
    verify: signedIn('verificationGroup.verify'),
    viewMembers: signedIn('verificationGroup.viewMembers'),
    // Signed-out visitors see what signing in would let them do.
    join:
      membership !== 'member' &&
      membership !== 'requested' &&
      (actor ? signedIn('verificationGroup.join') : openToNewcomers && group.joinPolicy !== 'closed'),
    leave: membership !== null,
    follow: actor ? signedIn('verificationGroup.follow') : openToNewcomers,
    approve: signedIn('verificationGroup.approve'),
  };
}

/**
 * Loading, presenting and the membership kind of verification groups, bound to the configured platform admins.
 * Everything here reads the caller's access once (roles, institution role, membership) and hands it to the policy.
 */
export function verificationAccess(ctx: AppContext) {
  const adminEmails = ctx.config.verificationAdminEmails;

  const presentGroups = async (
    db: Executor,
    actor: Actor | null,
    rows: VerificationGroupRow[],
    organization: OrganizationAccess | null = null,
  ): Promise<VerificationGroup[]> => {
    const ids = rows.map((row) => row.id);
    const institutionIds = [...new Set(rows.map((row) => row.institutionId).filter((id): id is number => !!id))];
    const [access, counts, owners, institutionRows] = await readTogether(db, [
      () => accessFor(db, actor, adminEmails, rows, organization),
      () => circleCounts(db, VERIFICATION_CIRCLE, ids),
      () =>
        ownerSummaries(
          db,
          rows.map((row) => row.ownerId),
        ),
      () =>
        institutionIds.length === 0
          ? []
          : db
              .select({ institutionId: institutions.id, name: institutions.name })
              .from(institutions)
              .where(inArray(institutions.id, institutionIds)),
    ]);
    const institutionOf = new Map(institutionRows.map((row) => [row.institutionId, row]));
    return rows.map((row) => {
      const rowAccess = access.get(row.id) as VerificationAccess & { following: boolean };
      return presentVerificationGroup(row, {
        owner: owners.get(row.ownerId) ?? unknownOwner(row.ownerId),
        institution: row.institutionId === null ? null : (institutionOf.get(row.institutionId) ?? null),
        counts: counts.get(row.id) ?? { members: 0, requested: 0, followers: 0 },
        viewer: { membership: rowAccess.membership, following: rowAccess.following, role: rowAccess.role },
        abilities: abilitiesFor(actor, rowAccess),
      });
    });
  };

  const presentOne = async (
    db: Executor,
    actor: Actor | null,
    row: VerificationGroupRow,
    organization: OrganizationAccess | null = null,
  ) => {
    const [group] = await presentGroups(db, actor, [row], organization);
    if (!group) throw new Error('presenting a verification group returned nothing');
    return group;
  };

  /** A live verification group and the caller's access to it; unknown, deleted and hidden ones are one 404. */
  const loadAccess = async (
    db: Executor,
    actor: Actor | null,
    id: string,
    lock = false,
    organization: OrganizationAccess | null = null,
  ) => {
    const query = db
      .select()
      .from(verificationGroups)
      .where(and(eq(verificationGroups.id, id), isNull(verificationGroups.deletedAt)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw errors.notFound('That verification group');
    const access = (await accessFor(db, actor, adminEmails, [row], organization)).get(row.id) as VerificationAccess;
    if (!isVisible(access)) throw errors.notFound('That verification group');
    return access;
  };

  /** Verification groups as a kind of membership circle (routes/memberships serves the shared endpoints). */
  const kind: MembershipKind<VerificationAccess> = {
    circle: VERIFICATION_CIRCLE,
    base: '/api/verification',
    followingIdsPath: '/api/following/verificationGroups/ids',
    words: verificationMembershipWords,
    load: loadAccess,
    circleOf: (access) => access.group,
    present: (db, actor, access) => presentOne(db, actor, access.group, access.organization),
    async authorize(_db, actor, action, access) {
      authorize(actor, `verificationGroup.${action}`, access);
    },
    scope: (actor, action, organization) =>
      action === 'manage' ? managedBy(actor.user.id, organization) : anyRoleOf(actor.user.id, organization),
    // Every role sees the members (verifiers review their records); only owners and admins manage them.
    membersAction: 'viewMembers',
    async memberExtras(db, rows) {
      const verified = await verifiedCounts(db, rows);
      return (row) => ({ verifiedCount: verified.get(`${row.groupId}:${row.userId}`) ?? 0 });
    },
  };

  return { adminEmails, presentGroups, presentOne, loadAccess, kind };
}
export type VerificationAccessTools = ReturnType<typeof verificationAccess>;
