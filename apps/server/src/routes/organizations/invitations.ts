import { TEAM_INVITATION_GONE, type TeamInvitation } from '@placely/contract';
import { aliasedTable, and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { individualProfiles, organizationMembers, organizationProfiles, organizations, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { lockOrganization, recordAudit } from '../../services/organizations';
import {
  acceptTeamInvitationRouteSchema,
  declineTeamInvitationRouteSchema,
  teamInvitationsRouteSchema,
} from './schema';
import { article, roleTitle } from './team';

const organizationName = sql<string>`coalesce(${organizationProfiles.name}, ${users.name})`;

/** Open invitations to this person: to their email, not claimed, revoked or lapsed, of a live organization. */
const openInvitationTo = (actor: Actor) =>
  and(
    eq(organizationMembers.email, actor.user.email.toLowerCase()),
    isNull(organizationMembers.userId),
    isNull(organizationMembers.revokedAt),
    gt(organizationMembers.expiresAt, sql`now()`),
    isNull(organizations.deletedAt),
  );

interface InvitationRow {
  memberId: string;
  organizationId: number;
  organizationName: string;
  role: TeamInvitation['role'];
  invitedBy: string | null;
  invitedAt: Date;
  expiresAt: Date | null;
}

async function invitationsOf(db: Executor, actor: Actor, memberId?: string): Promise<InvitationRow[]> {
  const inviter = aliasedTable(users, 'inviter');
  const inviterProfile = aliasedTable(individualProfiles, 'inviter_profile');
  return db
    .select({
      memberId: organizationMembers.id,
      organizationId: organizationMembers.organizationId,
      organizationName,
      role: organizationMembers.role,
      invitedBy: sql<string | null>`coalesce(${inviterProfile.name}, ${inviter.name}, ${inviter.email})`,
      invitedAt: organizationMembers.updatedAt,
      expiresAt: organizationMembers.expiresAt,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .innerJoin(users, eq(users.id, organizationMembers.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, organizationMembers.organizationId))
    .leftJoin(inviter, eq(inviter.id, organizationMembers.invitedBy))
    .leftJoin(inviterProfile, eq(inviterProfile.userId, organizationMembers.invitedBy))
    .where(and(openInvitationTo(actor), memberId === undefined ? undefined : eq(organizationMembers.id, memberId)))
    .orderBy(desc(organizationMembers.updatedAt), desc(organizationMembers.id));
}

const presentInvitation = (row: InvitationRow): TeamInvitation => ({
  memberId: row.memberId,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  role: row.role,
  invitedBy: row.invitedBy,
  invitedAt: row.invitedAt.toISOString(),
  expiresAt: (row.expiresAt ?? row.invitedAt).toISOString(),
});

/**
 * Team invitations as the invited person answers them (issue 40): nobody joins a team by being invited, only by
 * accepting. The invitation is addressed to an email, so it is the caller's when it is to their account's email.
 */
export function teamInvitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get('/api/user/teamInvitations', { ...authenticated, schema: teamInvitationsRouteSchema }, async (request) => {
      const actor = actorOf(request);
      return ok({ invitations: (await invitationsOf(ctx.db, actor)).map(presentInvitation) });
    });

    /** authenticate → validate → transaction → lock the team → load the caller's open invitation → act → present. */
    const answer = (request: Parameters<typeof actorOf>[0], memberId: string, accept: boolean) => {
      const actor = actorOf(request);
      return ctx.db.transaction(async (tx) => {
        const [peek] = await tx
          .select({ organizationId: organizationMembers.organizationId })
          .from(organizationMembers)
          .where(eq(organizationMembers.id, memberId));
        if (!peek) throw errors.notFound('That invitation');
        // Team changes lock the organization first (as inviting, revoking and removing do), then read.
        await lockOrganization(tx, peek.organizationId);
        const [invitation] = await invitationsOf(tx, actor, memberId);
        if (!invitation) throw errors.conflict(TEAM_INVITATION_GONE);
        await tx
          .update(organizationMembers)
          .set(
            accept
              ? { userId: actor.user.id, claimedAt: sql`now()`, expiresAt: null, updatedAt: sql`now()` }
              : { revokedAt: sql`now()`, updatedAt: sql`now()` },
          )
          .where(eq(organizationMembers.id, memberId));
        await recordAudit(tx, invitation.organizationId, actor.user.id, {
          kind: accept ? 'member.joined' : 'invitation.declined',
          subjectEmail: actor.user.email.toLowerCase(),
          details: { role: invitation.role },
        });
        return invitation;
      });
    };

    app.post(
      '/api/user/teamInvitations/accept',
      { ...authenticated, schema: acceptTeamInvitationRouteSchema },
      async (request) => {
        const invitation = await answer(request, request.body.memberId, true);
        return ok(
          {
            memberId: invitation.memberId,
            organizationId: invitation.organizationId,
            organizationName: invitation.organizationName,
          },
          `You joined ${invitation.organizationName} as ${article(invitation.role)} ${roleTitle(invitation.role)}`,
        );
      },
    );

    app.post(
      '/api/user/teamInvitations/decline',
      { ...authenticated, schema: declineTeamInvitationRouteSchema },
      async (request) => {
        const invitation = await answer(request, request.body.memberId, false);
        return ok(
          {
            memberId: invitation.memberId,
            organizationId: invitation.organizationId,
            organizationName: invitation.organizationName,
          },
          `You declined the invitation from ${invitation.organizationName}`,
        );
      },
    );
  };
}
