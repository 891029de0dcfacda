import type { SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import type { OrganizationAccess } from '../../policies/organization';
import { presentGroupPerson, presentGroupRequest } from '../../presenters/membership';
import {
  type Circle,
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
} from '../../services/memberships';
import { organizationAccessOf, organizationStandingOf, type RequestHeaders } from '../../services/organizations';
import { personSummaries, unknownPerson } from '../../services/people';
import { type MembershipSchemaWords, membershipSchemas } from './schema';

/** The shared actions a kind authorizes through its own policy (policies/<kind>.ts). */
export type MembershipAction = 'manage' | 'viewMembers' | 'join' | 'leave' | 'follow';

/**
 * One kind of membership circle (groups, verification groups; organization teams plug in the same way): its tables,
 * its paths, how it loads, authorizes and presents one circle. The factory below serves every shared endpoint from it.
 * `Subject` is what the kind's policy reads (a group row; a verification group with the caller's access).
 */
export interface MembershipKind<Subject> {
  circle: Circle;
  /** The spec's path prefix of the shared endpoints: `/api/group`, `/api/verification`. */
  base: string;
  /** GET: the ids of the circles the caller follows (spec path). */
  followingIdsPath: string;
  words: MembershipSchemaWords;
  /**
   * A live circle the caller may see (unknown, deleted and hidden ones are one 404 naming the kind), with the caller's
   * standing in the organization they act for (an organization's owners and coordinators run its circles).
   */
  load(
    db: Executor,
    actor: Actor | null,
    id: string,
    lock?: boolean,
    organization?: OrganizationAccess | null,
  ): Promise<Subject>;
  circleOf(subject: Subject): { id: string; name: string; joinPolicy: string };
  /** The kind's presented circle, abilities and the caller's standing included. */
  present(db: Executor, actor: Actor | null, subject: Subject): Promise<unknown>;
  /** Throws the policy's 403 unless the caller may do `action` on the circle. */
  authorize(db: Executor, actor: Actor, action: MembershipAction, subject: Subject): Promise<void>;
  /** SQL over the circle table: the circles the caller manages, or whose members they may see. */
  scope(actor: Actor, action: 'manage' | 'viewMembers', organization: OrganizationAccess): SQL;
  /** Who may list members: managers only ('manage'), or every role ('viewMembers'). */
  membersAction: 'manage' | 'viewMembers';
  /** Extra fields per member row (verification groups add how many records they verified). */
  memberExtras?(
    db: Executor,
    rows: Array<{ groupId: string; userId: number }>,
  ): Promise<(row: { groupId: string; userId: number }) => object>;
}

/** Public routes still recognise a signed-in caller; a bad token is a 401 so the client can refresh. */
export const optionalActor = (ctx: AppContext, authorization: string | undefined): Promise<Actor | null> =>
  authorization ? ctx.authenticate.resolveActor(authorization) : Promise.resolve(null);

type GroupIdBody = { groupId: string };

/** Personal actions and public pages read the caller's standing; running a circle needs live membership (403). */
const standingOf = (ctx: AppContext, request: RequestHeaders, actor: Actor | null) =>
  actor ? organizationStandingOf(ctx.db, request, actor) : Promise.resolve(null);

/**
 * Details, join, leave, requests (accept/decline one or many), members, followers, removal, follow, unfollow and the
 * followed ids of one kind, at `${kind.base}/…` (spec §7). Every handler: authenticate → validate → (transaction) →
 * load through the kind → authorize through the kind's policy → act through services/memberships → present.
 */
export function membershipRoutes<Subject>(ctx: AppContext, kind: MembershipKind<Subject>): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const schemas = membershipSchemas(kind.words);
    const { base, circle } = kind;
    const noun = kind.words.noun;

    /** All the circles a caller manages (or may see members of), or one of them (403 when that one is not theirs). */
    const scopeFor = async (
      request: RequestHeaders,
      actor: Actor,
      groupId: string | undefined,
      action: 'manage' | 'viewMembers',
    ): Promise<ManagedScope> => {
      const organization = await organizationAccessOf(ctx.db, request, actor);
      if (groupId) {
        await kind.authorize(ctx.db, actor, action, await kind.load(ctx.db, actor, groupId, false, organization));
      }
      return { managed: kind.scope(actor, action, organization), groupId };
    };

    app.get(`${base}/details/id`, { schema: actingForOrganization(schemas.details) }, async (request) => {
      const actor = await optionalActor(ctx, request.headers.authorization);
      const { id } = request.query as { id: string };
      const organization = await standingOf(ctx, request, actor);
      return ok(await kind.present(ctx.db, actor, await kind.load(ctx.db, actor, id, false, organization)));
    });

    app.post(`${base}/join`, { ...authenticated, schema: actingForOrganization(schemas.join) }, async (request) => {
      const actor = actorOf(request);
      const { groupId } = request.body as GroupIdBody;
      const organization = await standingOf(ctx, request, actor);
      const { presented, state, name } = await ctx.db.transaction(async (tx) => {
        const subject = await kind.load(tx, actor, groupId, false, organization);
        await kind.authorize(tx, actor, 'join', subject);
        const { id, name, joinPolicy } = kind.circleOf(subject);
        const state = await joinCircle(tx, circle, id, actor.user.id, joinPolicy === 'open');
        return { presented: await kind.present(tx, actor, subject), state, name };
      });
      return ok(presented, state === 'member' ? `You are a member of ${name}` : 'Request sent');
    });

    app.post(`${base}/leave`, { ...authenticated, schema: actingForOrganization(schemas.leave) }, async (request) => {
      const actor = actorOf(request);
      const { groupId } = request.body as GroupIdBody;
      const organization = await standingOf(ctx, request, actor);
      const presented = await ctx.db.transaction(async (tx) => {
        const subject = await kind.load(tx, actor, groupId, false, organization);
        await kind.authorize(tx, actor, 'leave', subject);
        await leaveCircle(tx, circle, kind.circleOf(subject).id, actor.user.id);
        return kind.present(tx, actor, subject);
      });
      return ok(presented, `You left the ${noun}`);
    });

    app.get(
      `${base}/groupJoiningRequests`,
      { ...authenticated, schema: actingForOrganization(schemas.requests) },
      async (request) => {
        const actor = actorOf(request);
        const scope = await scopeFor(request, actor, request.query.groupId, 'manage');
        const { items: page, nextCursor } = await listRequests(ctx.db, circle, scope, request.query);
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
      (decision: 'member' | 'declined') =>
      async (request: RequestHeaders & { body: { ids: string[] }; actor: Actor | null }) => {
        const actor = request.actor as Actor;
        const organization = await organizationAccessOf(ctx.db, request, actor);
        const result = await ctx.db.transaction(async (tx) => {
          const managed = { managed: kind.scope(actor, 'manage', organization) };
          const locked = await lockRequests(tx, circle, managed, request.body.ids);
          for (const groupId of new Set(locked.map((row) => row.groupId))) {
            await kind.authorize(tx, actor, 'manage', await kind.load(tx, actor, groupId, false, organization));
          }
          return decideRequests(tx, circle, locked, decision, actor.user.id);
        });
        const what = result.requests.length === 1 ? 'Request' : 'Requests';
        return ok(result, decision === 'member' ? `${what} accepted` : `${what} declined`);
      };
    app.post(
      `${base}/request/accept`,
      { ...authenticated, schema: actingForOrganization(schemas.accept) },
      decide('member'),
    );
    app.post(
      `${base}/request/decline`,
      { ...authenticated, schema: actingForOrganization(schemas.decline) },
      decide('declined'),
    );

    const people =
      (which: 'members' | 'followers') =>
      async (
        request: RequestHeaders & { query: { groupId?: string; cursor?: string; limit: number }; actor: Actor | null },
      ) => {
        const actor = request.actor as Actor;
        const action = which === 'members' ? kind.membersAction : 'manage';
        const scope = await scopeFor(request, actor, request.query.groupId, action);
        const { items: page, nextCursor } = await listPeople(ctx.db, circle, which, scope, request.query);
        const [summaries, extrasOf] = await Promise.all([
          personSummaries(
            ctx.db,
            page.map((row) => row.userId),
          ),
          which === 'members' && kind.memberExtras ? kind.memberExtras(ctx.db, page) : () => ({}),
        ]);
        return ok({
          items: page.map((row) => ({
            ...presentGroupPerson(row, summaries.get(row.userId) ?? unknownPerson(row.userId)),
            ...extrasOf(row),
          })),
          nextCursor,
        });
      };
    app.get(`${base}/members`, { ...authenticated, schema: actingForOrganization(schemas.members) }, people('members'));
    app.get(
      `${base}/followers`,
      { ...authenticated, schema: actingForOrganization(schemas.followers) },
      people('followers'),
    );

    const remove =
      (which: 'members' | 'followers') =>
      async (request: RequestHeaders & { body: { groupId: string; userId: number }; actor: Actor | null }) => {
        const actor = request.actor as Actor;
        const { groupId, userId } = request.body;
        const organization = await organizationAccessOf(ctx.db, request, actor);
        await ctx.db.transaction(async (tx) => {
          await kind.authorize(tx, actor, 'manage', await kind.load(tx, actor, groupId, true, organization));
          if (!(await removePerson(tx, circle, which, groupId, userId))) {
            throw errors.notFound(which === 'members' ? 'That member' : 'That follower');
          }
        });
        return ok({ groupId, userId }, which === 'members' ? 'Member removed' : 'Follower removed');
      };
    app.post(
      `${base}/remove/member`,
      { ...authenticated, schema: actingForOrganization(schemas.removeMember) },
      remove('members'),
    );
    app.post(
      `${base}/remove/follower`,
      { ...authenticated, schema: actingForOrganization(schemas.removeFollower) },
      remove('followers'),
    );

    app.post(`${base}/follow`, { ...authenticated, schema: actingForOrganization(schemas.follow) }, async (request) => {
      const actor = actorOf(request);
      const organization = await standingOf(ctx, request, actor);
      const subject = await kind.load(ctx.db, actor, (request.body as GroupIdBody).groupId, false, organization);
      await kind.authorize(ctx.db, actor, 'follow', subject);
      const { id, name } = kind.circleOf(subject);
      await follow(ctx.db, circle, id, actor.user.id);
      return ok({ groupId: id, following: true }, `You follow ${name}`);
    });

    app.post(`${base}/unfollow`, { ...authenticated, schema: schemas.unfollow }, async (request) => {
      const actor = actorOf(request);
      const subject = await kind.load(ctx.db, actor, (request.body as GroupIdBody).groupId);
      const { id, name } = kind.circleOf(subject);
      await unfollow(ctx.db, circle, id, actor.user.id);
      return ok({ groupId: id, following: false }, `You no longer follow ${name}`);
    });

    app.get(kind.followingIdsPath, { ...authenticated, schema: schemas.followingIds }, async (request) =>
      ok({ ids: await followingIds(ctx.db, circle, actorOf(request).user.id) }),
    );
  };
}
