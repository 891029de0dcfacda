import type {
  InstitutionRole,
  RecordKind,
  RoleGrantList,
  VerificationAbilities,
  VerificationGroup,
  VerificationRole,
} from '@placely/contract';
import { and, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  institutionRoles,
  institutions,
  recordVerifications,
  users,
  verificationGroupMembers,
  verificationGroupRoles,
  verificationGroups,
} from '../../db/schema';
import { errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import {
  isApproved,
  isLiveVerificationGroup,
  isVerificationAdmin,
  isVisible,
  type VerificationAccess,
  type VerificationGroupRow,
} from '../../policies/verification-group';
import { presentGroupPerson, presentGroupRequest } from '../../presenters/group';
import { presentRecordDecision, presentRoleGrant, presentVerificationGroup } from '../../presenters/verification-group';
import {
  afterCursor,
  circleCounts,
  decideRequests,
  follow,
  followingIds,
  joinCircle,
  leaveCircle,
  listPeople,
  listRequests,
  lockRequests,
  type ManagedScope,
  removePerson,
  unfollow,
  VERIFICATION_CIRCLE,
  viewerStates,
} from '../../services/memberships';
import { ownerSummaries, personSummaries, unknownOwner, unknownPerson } from '../../services/people';
import { lockUser } from '../../services/users';
import { RECORD_TABLES } from '../../services/verification';
import { listSection } from '../individual';
import { SECTIONS } from '../individual/sections';
import {
  acceptVerificationRequestsSchema,
  adminVerificationGroupsSchema,
  approveVerificationGroupSchema,
  createVerificationGroupSchema,
  declineVerificationRequestsSchema,
  deleteVerificationGroupSchema,
  followingVerificationGroupIdsSchema,
  followVerificationGroupSchema,
  grantRoleSchema,
  joinVerificationGroupSchema,
  leaveVerificationGroupSchema,
  listRolesSchema,
  listVerificationGroupsSchema,
  memberRecordsRouteSchema,
  platformRoleRouteSchema,
  recordDecisionRouteSchema,
  removeVerificationFollowerSchema,
  removeVerificationMemberSchema,
  revokeRoleSchema,
  unfollowVerificationGroupSchema,
  updateVerificationGroupSchema,
  userRoleRouteSchema,
  verificationDetailsSchema,
  verificationFollowersSchema,
  verificationMembersSchema,
  verificationRequestsSchema,
} from './schema';

const MANAGING_ROLES: VerificationRole[] = ['owner', 'admin'];
const sectionOfKind = new Map(SECTIONS.filter((s) => s.recordKind).map((s) => [s.recordKind as RecordKind, s]));

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
const managedBy = (userId: number) => heldBy(userId, MANAGING_ROLES, ['root', 'admin']);
const anyRoleOf = (userId: number) => heldBy(userId, 'any', ['root', 'admin']);

/** The caller's access to each group, in three queries for any number of groups. */
async function accessFor(
  db: Executor,
  actor: Actor | null,
  adminEmails: readonly string[],
  rows: VerificationGroupRow[],
): Promise<Map<string, VerificationAccess>> {
  const ids = rows.map((row) => row.id);
  const institutionIds = [...new Set(rows.map((row) => row.institutionId).filter((id): id is number => id !== null))];
  const userId = actor?.user.id ?? null;
  const [roles, instRoles, states] = await Promise.all([
    userId === null || ids.length === 0
      ? []
      : db
          .select({ groupId: verificationGroupRoles.groupId, role: verificationGroupRoles.role })
          .from(verificationGroupRoles)
          .where(and(eq(verificationGroupRoles.userId, userId), inArray(verificationGroupRoles.groupId, ids))),
    userId === null || institutionIds.length === 0
      ? []
      : db
          .select({ institutionId: institutionRoles.institutionId, role: institutionRoles.role })
          .from(institutionRoles)
          .where(and(eq(institutionRoles.userId, userId), inArray(institutionRoles.institutionId, institutionIds))),
    viewerStates(db, VERIFICATION_CIRCLE, userId, ids),
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
        isPlatformAdmin,
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

function abilitiesFor(actor: Actor | null, access: VerificationAccess): VerificationAbilities {
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

export function verificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const adminEmails = ctx.config.verificationAdminEmails;
    const optionalActor = async (authorization: string | undefined): Promise<Actor | null> =>
      authorization ? ctx.authenticate.resolveActor(authorization) : null;

    const presentGroups = async (
      db: Executor,
      actor: Actor | null,
      rows: VerificationGroupRow[],
    ): Promise<VerificationGroup[]> => {
      const ids = rows.map((row) => row.id);
      const institutionIds = [...new Set(rows.map((row) => row.institutionId).filter((id): id is number => !!id))];
      const [access, counts, owners, followingStates, institutionRows] = await Promise.all([
        accessFor(db, actor, adminEmails, rows),
        circleCounts(db, VERIFICATION_CIRCLE, ids),
        ownerSummaries(
          db,
          rows.map((row) => row.ownerId),
        ),
        viewerStates(db, VERIFICATION_CIRCLE, actor?.user.id ?? null, ids),
        institutionIds.length === 0
          ? []
          : db
              .select({ institutionId: institutions.id, name: institutions.name })
              .from(institutions)
              .where(inArray(institutions.id, institutionIds)),
      ]);
      const institutionOf = new Map(institutionRows.map((row) => [row.institutionId, row]));
      return rows.map((row) => {
        const rowAccess = access.get(row.id) as VerificationAccess;
        return presentVerificationGroup(row, {
          owner: owners.get(row.ownerId) ?? unknownOwner(row.ownerId),
          institution: row.institutionId === null ? null : (institutionOf.get(row.institutionId) ?? null),
          counts: counts.get(row.id) ?? { members: 0, requested: 0, followers: 0 },
          viewer: {
            membership: rowAccess.membership,
            following: followingStates.get(row.id)?.following ?? false,
            role: rowAccess.role,
          },
          abilities: abilitiesFor(actor, rowAccess),
        });
      });
    };
    const presentOne = async (db: Executor, actor: Actor | null, row: VerificationGroupRow) => {
      const [group] = await presentGroups(db, actor, [row]);
      if (!group) throw new Error('presenting a verification group returned nothing');
      return group;
    };

    /** A live verification group and the caller's access to it; unknown, deleted and hidden ones are one 404. */
    const loadAccess = async (db: Executor, actor: Actor | null, id: string, lock = false) => {
      const query = db
        .select()
        .from(verificationGroups)
        .where(and(eq(verificationGroups.id, id), isNull(verificationGroups.deletedAt)));
      const [row] = lock ? await query.for('update') : await query;
      if (!row) throw errors.notFound('That verification group');
      const access = (await accessFor(db, actor, adminEmails, [row])).get(row.id) as VerificationAccess;
      if (!isVisible(access)) throw errors.notFound('That verification group');
      return access;
    };

    const scopeFor = async (
      actor: Actor,
      groupId: string | undefined,
      action: 'verificationGroup.manage' | 'verificationGroup.viewMembers',
    ): Promise<ManagedScope> => {
      if (groupId) authorize(actor, action, await loadAccess(ctx.db, actor, groupId));
      const managed = action === 'verificationGroup.manage' ? managedBy(actor.user.id) : anyRoleOf(actor.user.id);
      return { managed, groupId };
    };

    const listGroupsPage = async (actor: Actor, query: { cursor?: string; limit: number }, where: SQL | undefined) => {
      const cursor = decodeTimeCursor(query.cursor);
      const rows = await ctx.db
        .select()
        .from(verificationGroups)
        .where(
          and(
            isNull(verificationGroups.deletedAt),
            where,
            afterCursor(cursor, verificationGroups.createdAt, verificationGroups.id, 'desc'),
          ),
        )
        .orderBy(desc(verificationGroups.createdAt), desc(verificationGroups.id))
        .limit(query.limit + 1);
      const { items: page, nextCursor } = pageFrom(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      return { items: await presentGroups(ctx.db, actor, page), nextCursor };
    };

    app.get(
      '/api/verification/groups/verification',
      { ...authenticated, schema: listVerificationGroupsSchema },
      async (request) => {
        const actor = actorOf(request);
        const { view, limit } = request.query;
        if (view === 'pending') {
          if (!isVerificationAdmin(actor, adminEmails)) {
            throw errors.forbidden('Only platform verification admins review pending verification groups.');
          }
          return ok(await listGroupsPage(actor, request.query, eq(verificationGroups.approvalState, 'pending')));
        }
        const cursor = decodeTimeCursor(request.query.cursor);
        const m = verificationGroupMembers;
        const rows = await ctx.db
          .select({ group: verificationGroups, at: m.requestedAt, rowId: m.id })
          .from(m)
          .innerJoin(
            verificationGroups,
            and(eq(verificationGroups.id, m.groupId), isNull(verificationGroups.deletedAt)),
          )
          .where(and(eq(m.userId, actor.user.id), afterCursor(cursor, m.requestedAt, m.id, 'desc')))
          .orderBy(desc(m.requestedAt), desc(m.id))
          .limit(limit + 1);
        const { items: page, nextCursor } = pageFrom(rows, limit, (row) => ({ at: row.at, id: row.rowId }));
        return ok({
          items: await presentGroups(
            ctx.db,
            actor,
            page.map((row) => row.group),
          ),
          nextCursor,
        });
      },
    );

    app.get('/api/verification/admin', { ...authenticated, schema: platformRoleRouteSchema }, async (request) =>
      ok({ verificationAdmin: isVerificationAdmin(actorOf(request), adminEmails) }),
    );

    app.get(
      '/api/verification/groups/admin',
      { ...authenticated, schema: adminVerificationGroupsSchema },
      async (request) => {
        const actor = actorOf(request);
        return ok(await listGroupsPage(actor, request.query, anyRoleOf(actor.user.id)));
      },
    );

    app.get('/api/verification/details/id', { schema: verificationDetailsSchema }, async (request) => {
      const actor = await optionalActor(request.headers.authorization);
      const access = await loadAccess(ctx.db, actor, request.query.id);
      return ok(await presentOne(ctx.db, actor, access.group));
    });

    app.post(
      '/api/verification/group',
      { ...authenticated, schema: createVerificationGroupSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId, ...details } = request.body;
        const group = await ctx.db.transaction(async (tx) => {
          let institutionRole: InstitutionRole | null = null;
          if (institutionId !== null) {
            const [institution] = await tx
              .select({ id: institutions.id })
              .from(institutions)
              .where(eq(institutions.id, institutionId));
            if (!institution)
              throw errors.validation([{ field: 'institutionId', message: 'No institution has this id.' }]);
            const [held] = await tx
              .select({ role: institutionRoles.role })
              .from(institutionRoles)
              .where(
                and(eq(institutionRoles.institutionId, institutionId), eq(institutionRoles.userId, actor.user.id)),
              );
            institutionRole = held?.role ?? null;
          }
          authorize(actor, 'verificationGroup.create', { institutionId, institutionRole });
          const [row] = await tx
            .insert(verificationGroups)
            .values({ ...details, institutionId, ownerId: actor.user.id })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await tx.insert(verificationGroupRoles).values({
            groupId: row.id,
            userId: actor.user.id,
            email: actor.user.email,
            role: 'owner',
            grantedBy: actor.user.id,
          });
          return presentOne(tx, actor, row);
        });
        return ok(group, 'Verification group created; it goes live once a verification admin approves it');
      },
    );

    app.patch(
      '/api/verification/group',
      { ...authenticated, schema: updateVerificationGroupSchema },
      async (request) => {
        const actor = actorOf(request);
        const { id, ...changes } = request.body;
        const group = await ctx.db.transaction(async (tx) => {
          const access = await loadAccess(tx, actor, id, true);
          authorize(actor, 'verificationGroup.manage', access);
          const [updated] = await tx
            .update(verificationGroups)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(eq(verificationGroups.id, id))
            .returning();
          return presentOne(tx, actor, updated ?? access.group);
        });
        return ok(group, 'Verification group saved');
      },
    );

    app.delete(
      '/api/verification/group',
      { ...authenticated, schema: deleteVerificationGroupSchema },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction(async (tx) => {
          const access = await loadAccess(tx, actor, request.query.id, true);
          authorize(actor, 'verificationGroup.delete', access);
          await tx
            .update(verificationGroups)
            .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(verificationGroups.id, access.group.id));
        });
        return ok({ id: request.query.id }, 'Verification group deleted');
      },
    );

    app.post(
      '/api/verification/group/approval',
      { ...authenticated, schema: approveVerificationGroupSchema },
      async (request) => {
        const actor = actorOf(request);
        const { id, decision } = request.body;
        const group = await ctx.db.transaction(async (tx) => {
          const access = await loadAccess(tx, actor, id, true);
          authorize(actor, 'verificationGroup.approve', access);
          const [updated] = await tx
            .update(verificationGroups)
            .set({ approvalState: decision, approvedBy: actor.user.id, approvedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(verificationGroups.id, id))
            .returning();
          return presentOne(tx, actor, updated ?? access.group);
        });
        return ok(group, decision === 'approved' ? 'Verification group approved' : 'Verification group rejected');
      },
    );

    app.post('/api/verification/join', { ...authenticated, schema: joinVerificationGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const { group, state } = await ctx.db.transaction(async (tx) => {
        const access = await loadAccess(tx, actor, request.body.groupId);
        authorize(actor, 'verificationGroup.join', access);
        const open = access.group.joinPolicy === 'open';
        const state = await joinCircle(tx, VERIFICATION_CIRCLE, access.group.id, actor.user.id, open);
        return { group: await presentOne(tx, actor, access.group), state };
      });
      return ok(group, state === 'member' ? `You are a member of ${group.name}` : 'Request sent');
    });

    app.post('/api/verification/leave', { ...authenticated, schema: leaveVerificationGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const group = await ctx.db.transaction(async (tx) => {
        const access = await loadAccess(tx, actor, request.body.groupId);
        authorize(actor, 'verificationGroup.leave', access);
        await leaveCircle(tx, VERIFICATION_CIRCLE, access.group.id, actor.user.id);
        return presentOne(tx, actor, access.group);
      });
      return ok(group, 'You left the verification group');
    });

    app.get(
      '/api/verification/groupJoiningRequests',
      { ...authenticated, schema: verificationRequestsSchema },
      async (request) => {
        const actor = actorOf(request);
        const scope = await scopeFor(actor, request.query.groupId, 'verificationGroup.manage');
        const { items: page, nextCursor } = await listRequests(ctx.db, VERIFICATION_CIRCLE, scope, request.query);
        const people = await personSummaries(
          ctx.db,
          page.map((row) => row.userId),
        );
        return ok({
          items: page.map((row) => presentGroupRequest(row, people.get(row.userId) ?? unknownPerson(row.userId))),
          nextCursor,
        });
      },
    );

    const decide =
      (decision: 'member' | 'declined') => async (request: { body: { ids: string[] }; actor: Actor | null }) => {
        const actor = request.actor as Actor;
        const result = await ctx.db.transaction(async (tx) => {
          const locked = await lockRequests(
            tx,
            VERIFICATION_CIRCLE,
            { managed: managedBy(actor.user.id) },
            request.body.ids,
          );
          for (const groupId of new Set(locked.map((row) => row.groupId))) {
            authorize(actor, 'verificationGroup.manage', await loadAccess(tx, actor, groupId));
          }
          return decideRequests(tx, VERIFICATION_CIRCLE, locked, decision, actor.user.id);
        });
        const noun = result.requests.length === 1 ? 'Request' : 'Requests';
        return ok(result, decision === 'member' ? `${noun} accepted` : `${noun} declined`);
      };
    app.post(
      '/api/verification/request/accept',
      { ...authenticated, schema: acceptVerificationRequestsSchema },
      decide('member'),
    );
    app.post(
      '/api/verification/request/decline',
      { ...authenticated, schema: declineVerificationRequestsSchema },
      decide('declined'),
    );

    app.get('/api/verification/members', { ...authenticated, schema: verificationMembersSchema }, async (request) => {
      const actor = actorOf(request);
      const scope = await scopeFor(actor, request.query.groupId, 'verificationGroup.viewMembers');
      const { items: page, nextCursor } = await listPeople(
        ctx.db,
        VERIFICATION_CIRCLE,
        'members',
        scope,
        request.query,
      );
      const [summaries, verified] = await Promise.all([
        personSummaries(
          ctx.db,
          page.map((row) => row.userId),
        ),
        verifiedCounts(
          ctx.db,
          page.map((row) => ({ groupId: row.groupId, userId: row.userId })),
        ),
      ]);
      return ok({
        items: page.map((row) => ({
          ...presentGroupPerson(row, summaries.get(row.userId) ?? unknownPerson(row.userId)),
          verifiedCount: verified.get(`${row.groupId}:${row.userId}`) ?? 0,
        })),
        nextCursor,
      });
    });

    app.get(
      '/api/verification/followers',
      { ...authenticated, schema: verificationFollowersSchema },
      async (request) => {
        const actor = actorOf(request);
        const scope = await scopeFor(actor, request.query.groupId, 'verificationGroup.manage');
        const { items: page, nextCursor } = await listPeople(
          ctx.db,
          VERIFICATION_CIRCLE,
          'followers',
          scope,
          request.query,
        );
        const summaries = await personSummaries(
          ctx.db,
          page.map((row) => row.userId),
        );
        return ok({
          items: page.map((row) => presentGroupPerson(row, summaries.get(row.userId) ?? unknownPerson(row.userId))),
          nextCursor,
        });
      },
    );

    const remove =
      (kind: 'members' | 'followers') =>
      async (request: { body: { groupId: string; userId: number }; actor: Actor | null }) => {
        const actor = request.actor as Actor;
        const { groupId, userId } = request.body;
        await ctx.db.transaction(async (tx) => {
          authorize(actor, 'verificationGroup.manage', await loadAccess(tx, actor, groupId, true));
          if (!(await removePerson(tx, VERIFICATION_CIRCLE, kind, groupId, userId))) {
            throw errors.notFound(kind === 'members' ? 'That member' : 'That follower');
          }
        });
        return ok({ groupId, userId }, kind === 'members' ? 'Member removed' : 'Follower removed');
      };
    app.post(
      '/api/verification/remove/member',
      { ...authenticated, schema: removeVerificationMemberSchema },
      remove('members'),
    );
    app.post(
      '/api/verification/remove/follower',
      { ...authenticated, schema: removeVerificationFollowerSchema },
      remove('followers'),
    );

    app.post(
      '/api/verification/follow',
      { ...authenticated, schema: followVerificationGroupSchema },
      async (request) => {
        const actor = actorOf(request);
        const access = await loadAccess(ctx.db, actor, request.body.groupId);
        authorize(actor, 'verificationGroup.follow', access);
        await follow(ctx.db, VERIFICATION_CIRCLE, access.group.id, actor.user.id);
        return ok({ groupId: access.group.id, following: true }, `You follow ${access.group.name}`);
      },
    );

    app.post(
      '/api/verification/unfollow',
      { ...authenticated, schema: unfollowVerificationGroupSchema },
      async (request) => {
        const actor = actorOf(request);
        const access = await loadAccess(ctx.db, actor, request.body.groupId);
        await unfollow(ctx.db, VERIFICATION_CIRCLE, access.group.id, actor.user.id);
        return ok({ groupId: access.group.id, following: false }, `You no longer follow ${access.group.name}`);
      },
    );

    app.get(
      '/api/following/verificationGroups/ids',
      { ...authenticated, schema: followingVerificationGroupIdsSchema },
      async (request) => ok({ ids: await followingIds(ctx.db, VERIFICATION_CIRCLE, actorOf(request).user.id) }),
    );

    // Roles by email ---------------------------------------------------------------------------------------------

    const listRoles = async (db: Executor, group: VerificationGroupRow): Promise<RoleGrantList> => {
      const rows = await db
        .select({ grant: verificationGroupRoles, name: users.name })
        .from(verificationGroupRoles)
        .leftJoin(users, eq(users.id, verificationGroupRoles.userId))
        .where(eq(verificationGroupRoles.groupId, group.id))
        .orderBy(verificationGroupRoles.createdAt, verificationGroupRoles.email);
      return { roles: rows.map((row) => presentRoleGrant(row.grant, row.name, group)) };
    };

    app.get(
      '/api/verification/group/userAccess/email',
      { ...authenticated, schema: listRolesSchema },
      async (request) => {
        const actor = actorOf(request);
        const access = await loadAccess(ctx.db, actor, request.query.groupId);
        authorize(actor, 'verificationGroup.manage', access);
        return ok(await listRoles(ctx.db, access.group));
      },
    );

    app.post(
      '/api/verification/group/userAccess/email',
      { ...authenticated, schema: grantRoleSchema },
      async (request) => {
        const actor = actorOf(request);
        const { groupId, email, role } = request.body;
        const roles = await ctx.db.transaction(async (tx) => {
          // The group row lock serialises role changes, so "the creator stays owner" cannot be raced.
          const access = await loadAccess(tx, actor, groupId, true);
          authorize(actor, 'verificationGroup.manage', access);
          const [existing] = await tx
            .select()
            .from(verificationGroupRoles)
            .where(and(eq(verificationGroupRoles.groupId, groupId), eq(verificationGroupRoles.email, email)));
          if (role === 'owner' || existing?.role === 'owner') authorize(actor, 'verificationGroup.grantOwner', access);
          const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (existing && existing.role === 'owner' && holder?.id === access.group.ownerId && role !== 'owner') {
            throw errors.conflict("The group's creator stays its owner.");
          }
          await tx
            .insert(verificationGroupRoles)
            .values({ groupId, email, role, userId: holder?.id ?? null, grantedBy: actor.user.id })
            .onConflictDoUpdate({
              target: [verificationGroupRoles.groupId, verificationGroupRoles.email],
              set: { role, userId: holder?.id ?? null, grantedBy: actor.user.id, updatedAt: sql`now()` },
            });
          return listRoles(tx, access.group);
        });
        return ok(roles, `${email} is now ${role === 'admin' ? 'an admin' : `a ${role}`}`);
      },
    );

    app.delete(
      '/api/verification/group/userAccess/email',
      { ...authenticated, schema: revokeRoleSchema },
      async (request) => {
        const actor = actorOf(request);
        const { groupId, email } = request.query;
        const roles = await ctx.db.transaction(async (tx) => {
          const access = await loadAccess(tx, actor, groupId, true);
          authorize(actor, 'verificationGroup.manage', access);
          const [existing] = await tx
            .select()
            .from(verificationGroupRoles)
            .where(and(eq(verificationGroupRoles.groupId, groupId), eq(verificationGroupRoles.email, email)));
          if (!existing) throw errors.notFound('That role');
          if (existing.role === 'owner') {
            authorize(actor, 'verificationGroup.grantOwner', access);
            if (existing.userId === access.group.ownerId) throw errors.conflict("The group's creator stays its owner.");
          }
          await tx.delete(verificationGroupRoles).where(eq(verificationGroupRoles.id, existing.id));
          return listRoles(tx, access.group);
        });
        return ok(roles, `${email} no longer has a role`);
      },
    );

    app.get(
      '/api/verifications/group/user/role',
      { ...authenticated, schema: userRoleRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const access = await loadAccess(ctx.db, actor, request.query.groupId);
        return ok({
          groupId: access.group.id,
          role: access.role,
          institutionRole: access.institutionRole,
          abilities: abilitiesFor(actor, access),
        });
      },
    );

    // Verifying records ------------------------------------------------------------------------------------------

    /** The subject's membership: a person who is not a member of this group is a 404 to its verifiers. */
    const requireMember = async (db: Executor, groupId: string, userId: number) => {
      const [member] = await db
        .select({ id: verificationGroupMembers.id })
        .from(verificationGroupMembers)
        .where(
          and(
            eq(verificationGroupMembers.groupId, groupId),
            eq(verificationGroupMembers.userId, userId),
            eq(verificationGroupMembers.state, 'member'),
          ),
        );
      if (!member) throw errors.notFound('That member');
    };

    app.get(
      '/api/verification/member/records',
      { ...authenticated, schema: memberRecordsRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const { groupId, userId } = request.query;
        const access = await loadAccess(ctx.db, actor, groupId);
        authorize(actor, 'verificationGroup.viewMembers', access);
        await requireMember(ctx.db, groupId, userId);
        const entriesOf = async (kind: RecordKind) => {
          const section = sectionOfKind.get(kind);
          return section ? ((await listSection(ctx.db, section, userId)).entries as never[]) : [];
        };
        const [people, education, experience, placements, others, versions, decisions] = await Promise.all([
          personSummaries(ctx.db, [userId]),
          entriesOf('education'),
          entriesOf('experience'),
          entriesOf('placement'),
          entriesOf('other'),
          recordVersions(ctx.db, userId),
          latestDecisions(ctx.db, groupId, userId),
        ]);
        return ok({
          groupId,
          person: people.get(userId) ?? unknownPerson(userId),
          education,
          experience,
          placements,
          others,
          records: versions.map((version) => ({
            ...version,
            decision: decisions.get(`${version.recordKind}:${version.recordId}`) ?? null,
          })),
          canVerify: can(actor, 'verificationGroup.verify', access) && actor.user.id !== userId,
        });
      },
    );

    app.post('/api/verification/record', { ...authenticated, schema: recordDecisionRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const { groupId, userId, recordKind, recordId, recordUpdatedAt, decision, note } = request.body;
      const decided = await ctx.db.transaction(async (tx) => {
        const access = await loadAccess(tx, actor, groupId);
        authorize(actor, 'verificationGroup.verify', access);
        if (userId === actor.user.id) throw errors.forbidden('You cannot verify your own records.');
        await requireMember(tx, groupId, userId);
        // The person's own edits lock the same row: a decision and an edit never interleave.
        await lockUser(tx, userId);
        const table = RECORD_TABLES[recordKind];
        const [record] = await tx
          .select()
          .from(table)
          .where(and(eq(table.id, recordId), eq(table.userId, userId)));
        if (!record) throw errors.notFound('That record');
        if (record.updatedAt.toISOString() !== recordUpdatedAt) {
          throw errors.conflict('This record changed since you opened it. Reload to see the new version.');
        }
        const section = sectionOfKind.get(recordKind);
        const snapshot = (section?.present(record, false) ?? {}) as Record<string, unknown>;
        const [row] = await tx
          .insert(recordVerifications)
          .values({
            subjectUserId: userId,
            recordKind,
            recordId,
            verificationGroupId: groupId,
            verifierId: actor.user.id,
            decision,
            note,
            snapshot,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return presentRecordDecision(row, actor.user.name);
      });
      return ok(decided, decision === 'verified' ? 'Marked verified' : 'Marked rejected');
    });
  };
}

/** Every verifiable record of a person with its version (updatedAt), in section order. */
async function recordVersions(db: Executor, userId: number) {
  const kinds = Object.keys(RECORD_TABLES) as RecordKind[];
  const lists = await Promise.all(
    kinds.map(async (recordKind) => {
      const table = RECORD_TABLES[recordKind];
      const rows = await db
        .select({ id: table.id, updatedAt: table.updatedAt })
        .from(table)
        .where(eq(table.userId, userId));
      return rows.map((row) => ({ recordKind, recordId: row.id, updatedAt: row.updatedAt.toISOString() }));
    }),
  );
  return lists.flat();
}

/** This group's latest live decision on each of a person's records, keyed `kind:id`. */
async function latestDecisions(db: Executor, groupId: string, userId: number) {
  const rows = await db
    .selectDistinctOn([recordVerifications.recordKind, recordVerifications.recordId], {
      decision: recordVerifications,
      verifierName: users.name,
    })
    .from(recordVerifications)
    .innerJoin(users, eq(users.id, recordVerifications.verifierId))
    .where(
      and(
        eq(recordVerifications.verificationGroupId, groupId),
        eq(recordVerifications.subjectUserId, userId),
        isNull(recordVerifications.voidedAt),
      ),
    )
    .orderBy(
      recordVerifications.recordKind,
      recordVerifications.recordId,
      desc(recordVerifications.decidedAt),
      desc(recordVerifications.id),
    );
  return new Map(
    rows.map((row) => [
      `${row.decision.recordKind}:${row.decision.recordId}`,
      presentRecordDecision(row.decision, row.verifierName),
    ]),
  );
}

/** How many records of each (group, member) pair the group's latest decision calls verified. */
async function verifiedCounts(db: Executor, pairs: Array<{ groupId: string; userId: number }>) {
  const counts = new Map<string, number>();
  if (pairs.length === 0) return counts;
  const rows = await db
    .selectDistinctOn(
      [recordVerifications.verificationGroupId, recordVerifications.recordKind, recordVerifications.recordId],
      {
        groupId: recordVerifications.verificationGroupId,
        userId: recordVerifications.subjectUserId,
        decision: recordVerifications.decision,
      },
    )
    .from(recordVerifications)
    .where(
      and(
        inArray(recordVerifications.verificationGroupId, [...new Set(pairs.map((pair) => pair.groupId))]),
        inArray(recordVerifications.subjectUserId, [...new Set(pairs.map((pair) => pair.userId))]),
        isNull(recordVerifications.voidedAt),
      ),
    )
    .orderBy(
      recordVerifications.verificationGroupId,
      recordVerifications.recordKind,
      recordVerifications.recordId,
      desc(recordVerifications.decidedAt),
      desc(recordVerifications.id),
    );
  for (const row of rows) {
    if (row.decision !== 'verified') continue;
    const key = `${row.groupId}:${row.userId}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
