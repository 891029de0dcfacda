import { ORGANIZATION_INVITATION_TTL_DAYS } from '@placely/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  applications,
  individualProfiles,
  openings,
  organizationAuditEvents,
  organizationMembers,
  organizationProfiles,
  organizations,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { createCursorSigner, decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import { presentAuditEvent, presentOrganizationPerson } from '../../presenters/organization';
import { notifyTeamInvitation } from '../../services/notifications/events';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf, recordAudit } from '../../services/organizations';
import { teamInvitationRoutes } from './invitations';
import { organizationProfileRoutes } from './profile';
import {
  activityRouteSchema,
  inviteMemberSchema,
  myOrganizationsRouteSchema,
  openingChangesRouteSchema,
  organizationPeopleRouteSchema,
  removeMemberSchema,
  revokeInvitationSchema,
  updateMemberSchema,
} from './schema';
import {
  abilitiesOf,
  article,
  assertAnotherOwnerRemains,
  assertInvitationAllowed,
  assertOwnOpenings,
  isPeoplePosition,
  loadMemberRow,
  loadPeople,
  personName,
  replaceScope,
  roleTitle,
  scopeOf,
  teamAccess,
} from './team';

export function organizationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const peopleCursors = createCursorSigner(ctx.config.jwtSecret);
    await app.register(organizationProfileRoutes(ctx));
    await app.register(teamInvitationRoutes(ctx));

    app.get('/api/user/organizations', { ...authenticated, schema: myOrganizationsRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const rows = await ctx.db
        .select({
          organizationId: organizationMembers.organizationId,
          role: organizationMembers.role,
          allOpenings: organizationMembers.allOpenings,
          canViewContacts: organizationMembers.canViewContacts,
          memberId: organizationMembers.id,
          name: sql<string>`coalesce(${organizationProfiles.name}, ${users.name})`,
          logo: sql<string | null>`coalesce(${organizationProfiles.logo}, ${users.photo})`,
        })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.organizationId))
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .leftJoin(organizationProfiles, eq(organizationProfiles.userId, organizationMembers.organizationId))
        .where(
          and(
            eq(organizationMembers.userId, actor.user.id),
            isNull(organizationMembers.revokedAt),
            isNull(organizations.deletedAt),
          ),
        )
        .orderBy(
          sql`${organizationMembers.organizationId} = ${actor.user.id} desc`,
          asc(sql`lower(coalesce(${organizationProfiles.name}, ${users.name}))`),
        );
      return ok({
        organizations: rows.map((row) => {
          const access: OrganizationAccess = {
            organizationId: row.organizationId,
            named: true,
            former: false,
            member: {
              id: row.memberId,
              role: row.role,
              allOpenings: row.allOpenings,
              openingIds: [],
              canViewContacts: row.canViewContacts,
            },
          };
          return {
            organizationId: row.organizationId,
            name: row.name,
            logo: row.logo,
            role: row.role,
            allOpenings: row.role === 'owner' || row.allOpenings,
            isOwnAccount: row.organizationId === actor.user.id,
            abilities: abilitiesOf(actor, access),
          };
        }),
      });
    });

    app.get(
      '/api/organization/people',
      { ...authenticated, schema: actingForOrganization(organizationPeopleRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        authorize(actor, 'organization.viewPeople', access);
        const { limit } = request.query;
        // Signed for this organization: a cursor is one this server issued for this team, or a 400.
        const scope = `organization-people:${access.organizationId}`;
        const opened = request.query.cursor === undefined ? null : peopleCursors.open(scope, request.query.cursor);
        if (request.query.cursor !== undefined && !isPeoplePosition(opened)) {
          throw errors.validation([{ field: 'cursor', message: 'Not a valid cursor' }]);
        }
        const after = isPeoplePosition(opened) ? opened : null;
        const rows = await loadPeople(ctx.db, access.organizationId, undefined, { after, limit });
        const people = rows.slice(0, limit);
        const last = people.at(-1);
        return ok({
          organizationId: access.organizationId,
          people: people.map((row) => presentOrganizationPerson(row)),
          nextCursor: rows.length > limit && last ? peopleCursors.sign(scope, last.position) : null,
          abilities: {
            manage: can(actor, 'organization.manageTeam', access),
            viewActivity: can(actor, 'organization.viewActivity', access),
          },
        });
      },
    );

    app.post(
      '/api/organization/people',
      { ...authenticated, schema: actingForOrganization(inviteMemberSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { email, role, canViewContacts } = request.body;
        const scope = scopeOf(request.body);
        const result = await ctx.db
          .transaction(async (tx) => {
            const access = await teamAccess(tx, request, actor);
            await assertOwnOpenings(tx, access.organizationId, scope.openingIds);
            const [existing] = await tx
              .select()
              .from(organizationMembers)
              .where(
                and(
                  eq(organizationMembers.organizationId, access.organizationId),
                  eq(organizationMembers.email, email),
                  isNull(organizationMembers.revokedAt),
                ),
              );
            if (existing?.userId != null) {
              throw errors.conflict(`${email} is already in this organization: change their role instead.`);
            }
            await assertInvitationAllowed(tx, access.organizationId, email);
            // Someone already on Placely joins now; anyone else when they first sign in (services/organizations.ts).
            // Nobody joins by being invited: the person accepts (or declines) from the notification or the Team
            // page (invitations.ts), whether or not they are on Placely yet.
            const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
            const values = {
              role,
              allOpenings: scope.allOpenings,
              canViewContacts: role === 'reviewer' ? canViewContacts : false,
              invitedBy: actor.user.id,
              userId: null,
              claimedAt: null,
              expiresAt: sql`now() + make_interval(days => ${ORGANIZATION_INVITATION_TTL_DAYS})`,
              updatedAt: sql`now()`,
            };
            // Inviting an open or lapsed invitation's email again renews it with the new role.
            const [row] = existing
              ? await tx
                  .update(organizationMembers)
                  .set(values)
                  .where(eq(organizationMembers.id, existing.id))
                  .returning({ id: organizationMembers.id, updatedAt: organizationMembers.updatedAt })
              : await tx
                  .insert(organizationMembers)
                  .values({ organizationId: access.organizationId, email, ...values })
                  .returning({ id: organizationMembers.id, updatedAt: organizationMembers.updatedAt });
            if (!row) throw new Error('The member insert returned no row');
            await replaceScope(tx, row.id, scope.openingIds);
            await notifyTeamInvitation(tx, {
              memberRowId: row.id,
              invitedAt: row.updatedAt,
              organizationId: access.organizationId,
              email,
              userId: person?.id ?? null,
              roleTitle: `${article(role)} ${roleTitle(role)}`,
            });
            await recordAudit(tx, access.organizationId, actor.user.id, {
              kind: 'member.invited',
              subjectEmail: email,
              details: { role, allOpenings: scope.allOpenings, openings: scope.openingIds.length },
            });
            const [created] = await loadPeople(tx, access.organizationId, row.id);
            if (!created) throw new Error('The new member vanished');
            return { person: presentOrganizationPerson(created), onPlacely: Boolean(person) };
          })
          .catch((error: unknown) => {
            // Two owners inviting the same email at once: the live-email unique index keeps one, the other hears why.
            if (isUniqueViolation(error)) {
              throw errors.conflict(`${email} is already in this organization: change their role instead.`);
            }
            throw error;
          });
        const title = `${article(role)} ${roleTitle(role)}`;
        return ok(
          result.person,
          result.onPlacely
            ? `${email} is invited as ${title}: they join once they accept`
            : `${email} is invited as ${title}: they join once they sign in to Placely and accept`,
        );
      },
    );

    app.patch(
      '/api/organization/people',
      { ...authenticated, schema: actingForOrganization(updateMemberSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { memberId, role, canViewContacts } = request.body;
        const scope = scopeOf(request.body);
        const person = await ctx.db.transaction(async (tx) => {
          const access = await teamAccess(tx, request, actor);
          const target = await loadMemberRow(tx, access.organizationId, memberId);
          if (target.role === 'owner' && role !== 'owner') {
            await assertAnotherOwnerRemains(tx, access.organizationId, target.id);
          }
          await assertOwnOpenings(tx, access.organizationId, scope.openingIds);
          await tx
            .update(organizationMembers)
            .set({
              role,
              allOpenings: scope.allOpenings,
              canViewContacts: role === 'reviewer' ? canViewContacts : false,
              updatedAt: sql`now()`,
            })
            .where(eq(organizationMembers.id, target.id));
          await replaceScope(tx, target.id, scope.openingIds);
          await recordAudit(tx, access.organizationId, actor.user.id, {
            kind: 'member.roleChanged',
            subjectEmail: target.email,
            details: { from: target.role, to: role, allOpenings: scope.allOpenings, openings: scope.openingIds.length },
          });
          const [updated] = await loadPeople(tx, access.organizationId, target.id);
          if (!updated) throw errors.notFound('That person');
          return presentOrganizationPerson(updated);
        });
        return ok(person, `${person.email} is now ${article(role)} ${roleTitle(role)}`);
      },
    );

    /** Removal and revocation keep the row (revoked_at) so the audit trail and refusals can still name it. */
    const endMembership = async (
      request: Parameters<typeof organizationAccessOf>[1],
      actor: Actor,
      memberId: string,
      onlyInvitations: boolean,
    ) =>
      ctx.db.transaction(async (tx) => {
        const access = await teamAccess(tx, request, actor);
        const target = await loadMemberRow(tx, access.organizationId, memberId);
        const claimed = target.userId !== null;
        if (onlyInvitations && claimed) {
          throw errors.conflict(`${target.email} has already joined: remove them from the team instead.`);
        }
        if (target.role === 'owner' && claimed) await assertAnotherOwnerRemains(tx, access.organizationId, target.id);
        await tx
          .update(organizationMembers)
          .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(organizationMembers.id, target.id));
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: claimed ? 'member.removed' : 'invitation.revoked',
          subjectEmail: target.email,
          details: { role: target.role },
        });
        return { email: target.email, claimed };
      });

    app.delete(
      '/api/organization/people',
      { ...authenticated, schema: actingForOrganization(removeMemberSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { memberId } = request.query;
        const { email, claimed } = await endMembership(request, actor, memberId, false);
        return ok(
          { memberId },
          claimed ? `${email} was removed from the organization` : `The invitation to ${email} was revoked`,
        );
      },
    );

    app.delete(
      '/api/organization/invitations',
      { ...authenticated, schema: actingForOrganization(revokeInvitationSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { memberId } = request.query;
        const { email } = await endMembership(request, actor, memberId, true);
        return ok({ memberId }, `The invitation to ${email} was revoked`);
      },
    );

    /** Audit rows with the actor's name and the opening's title, as presented. */
    const presentEvents = async (db: Executor, rows: (typeof organizationAuditEvents.$inferSelect)[]) => {
      const actorIds = [...new Set(rows.map((row) => row.actorUserId).filter((id): id is number => id !== null))];
      const openingIds = [...new Set(rows.map((row) => row.openingId).filter((id): id is string => id !== null))];
      const applicationIds = [
        ...new Set(rows.map((row) => row.applicationId).filter((id): id is string => id !== null)),
      ];
      const [actors, titles, candidates] = await Promise.all([
        actorIds.length === 0
          ? []
          : db
              .select({ userId: users.id, name: personName, email: users.email })
              .from(users)
              .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
              .where(inArray(users.id, actorIds)),
        openingIds.length === 0
          ? []
          : db
              .select({ id: openings.id, title: openings.title })
              .from(openings)
              .where(inArray(openings.id, openingIds)),
        applicationIds.length === 0
          ? []
          : db
              .select({ id: applications.id, name: personName })
              .from(applications)
              .innerJoin(users, eq(users.id, applications.applicantId))
              .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
              .where(inArray(applications.id, applicationIds)),
      ]);
      const actorOfRow = new Map(actors.map((row) => [row.userId, row]));
      const titleOf = new Map(titles.map((row) => [row.id, row]));
      const candidateOf = new Map(candidates.map((row) => [row.id, row.name]));
      return rows.map((row) =>
        presentAuditEvent(
          row,
          row.actorUserId === null ? null : (actorOfRow.get(row.actorUserId) ?? null),
          row.openingId === null ? null : (titleOf.get(row.openingId) ?? null),
          row.applicationId === null ? null : (candidateOf.get(row.applicationId) ?? null),
        ),
      );
    };

    app.get(
      '/api/organization/activity',
      { ...authenticated, schema: actingForOrganization(activityRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        authorize(actor, 'organization.viewActivity', access);
        const { person, openingId, kind, limit } = request.query;
        const cursor = decodeTimeCursor(request.query.cursor);
        const events = organizationAuditEvents;
        const rows = await ctx.db
          .select()
          .from(events)
          .where(
            and(
              eq(events.organizationId, access.organizationId),
              person === undefined ? undefined : eq(events.actorUserId, person),
              openingId === undefined ? undefined : eq(events.openingId, openingId),
              kind === undefined ? undefined : eq(events.kind, kind),
              cursor
                ? or(lt(events.createdAt, cursor.at), and(eq(events.createdAt, cursor.at), lt(events.id, cursor.id)))
                : undefined,
            ),
          )
          .orderBy(desc(events.createdAt), desc(events.id))
          .limit(limit + 1);
        const page = pageFrom(rows, limit, (row) => ({ at: row.createdAt, id: row.id }));
        return ok({ items: await presentEvents(ctx.db, page.items), nextCursor: page.nextCursor });
      },
    );

    app.get(
      '/api/organization/openings/id/changes',
      { ...authenticated, schema: actingForOrganization(openingChangesRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadOrganizationOpening(
          ctx.db,
          actor,
          access,
          request.query.id,
          'opening.viewApplications',
        );
        const events = organizationAuditEvents;
        const [openingRows, applicationRows] = await Promise.all([
          ctx.db
            .select()
            .from(events)
            .where(
              and(
                eq(events.organizationId, access.organizationId),
                eq(events.openingId, opening.id),
                isNull(events.applicationId),
              ),
            )
            .orderBy(desc(events.createdAt), desc(events.id))
            .limit(1),
          ctx.db
            .selectDistinctOn([events.applicationId])
            .from(events)
            .where(
              and(
                eq(events.organizationId, access.organizationId),
                eq(events.openingId, opening.id),
                isNotNull(events.applicationId),
              ),
            )
            .orderBy(events.applicationId, desc(events.createdAt), desc(events.id)),
        ]);
        const presented = await presentEvents(ctx.db, [...openingRows, ...applicationRows]);
        const [openingEvent, ...applicationEvents] = openingRows.length > 0 ? presented : [null, ...presented];
        return ok({
          opening: openingEvent ?? null,
          applications: Object.fromEntries(
            applicationEvents.flatMap((event) => (event?.applicationId ? [[event.applicationId, event]] : [])),
          ),
        });
      },
    );
  };
}
