import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { institutionRoles, institutions, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import type { InstitutionAccess } from '../../policies/institution';
import { isVerificationAdmin } from '../../policies/verification-group';
import { presentInstitution, presentInstitutionPerson } from '../../presenters/institution';
import { presentUser } from '../../presenters/user';
import { refreshInstitutionAccess } from '../../services/institutions';
import {
  createInstitutionSchema,
  grantInstitutionRoleSchema,
  institutionDetailsSchema,
  institutionPeopleRouteSchema,
  listInstitutionsSchema,
  revokeInstitutionRoleSchema,
  rootRoleSchema,
  suggestedInstitutionsRouteSchema,
  updateInstitutionIdSchema,
  updateInstitutionSchema,
} from './schema';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export function institutionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/institutions', { schema: listInstitutionsSchema }, async (request) => {
      const { search, limit } = request.query;
      const pattern = search ? `%${escapeLike(search)}%` : undefined;
      const rows = await ctx.db
        .select()
        .from(institutions)
        .where(
          pattern
            ? or(
                ilike(institutions.name, pattern),
                ilike(institutions.city, pattern),
                ilike(institutions.domain, pattern),
              )
            : undefined,
        )
        .orderBy(asc(sql`lower(${institutions.name})`), asc(institutions.id))
        .limit(limit);
      return ok(rows.map(presentInstitution));
    });

    /** An email domain belongs to one institution: it is how people are offered the link. */
    const assertDomainFree = async (tx: Executor, domain: string | null, institutionId?: number) => {
      if (!domain) return;
      const [clash] = await tx
        .select({ id: institutions.id })
        .from(institutions)
        .where(
          and(
            eq(institutions.domain, domain),
            institutionId === undefined ? undefined : ne(institutions.id, institutionId),
          ),
        );
      if (clash) throw errors.validation([{ field: 'domain', message: 'Another institution uses this domain.' }]);
    };

    app.post('/api/institutions', { onRequest: ctx.authenticate, schema: createInstitutionSchema }, async (request) => {
      const actor = actorOf(request);
      const row = await ctx.db
        .transaction(async (tx) => {
          authorize(actor, 'institution.create', {
            isPlatformAdmin: isVerificationAdmin(actor, ctx.config.verificationAdminEmails),
          });
          await assertDomainFree(tx, request.body.domain);
          const [created] = await tx.insert(institutions).values(request.body).returning();
          if (!created) throw new Error('The institution insert returned no row');
          return created;
        })
        .catch((error: unknown) => {
          // Two admins adding the same domain at once: the unique index decides, the loser hears why.
          if (isUniqueViolation(error)) {
            throw errors.validation([{ field: 'domain', message: 'Another institution uses this domain.' }]);
          }
          throw error;
        });
      return ok(presentInstitution(row), `${row.name} added`);
    });

    app.get('/api/institutionDetailsById', { schema: institutionDetailsSchema }, async (request) => {
      const [row] = await ctx.db.select().from(institutions).where(eq(institutions.id, request.query.institutionId));
      if (!row) throw errors.notFound('The institution');
      return ok([presentInstitution(row)]);
    });

    app.post(
      '/api/updateInstitutionId',
      { onRequest: ctx.authenticate, schema: updateInstitutionIdSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId } = request.body;
        const user = await ctx.db.transaction(async (tx) => {
          const [current] = await tx.select().from(users).where(eq(users.id, actor.user.id));
          if (!current) throw errors.unauthenticated();
          authorize(actor, 'user.linkInstitution', current);
          if (institutionId !== null) {
            const [institution] = await tx
              .select({ id: institutions.id })
              .from(institutions)
              .where(eq(institutions.id, institutionId));
            if (!institution)
              throw errors.validation([{ field: 'institutionId', message: 'No institution has this id.' }]);
          }
          const [updated] = await tx
            .update(users)
            .set({ institutionId, updatedAt: sql`now()` })
            .where(eq(users.id, current.id))
            .returning();
          return updated ?? current;
        });
        return ok(presentUser(user), institutionId === null ? 'Institution unlinked' : 'Institution linked');
      },
    );
    /** The caller's role at an institution and whether they are a platform verification admin. */
    const institutionAccess = async (tx: Executor, actor: Actor, institutionId: number): Promise<InstitutionAccess> => {
      const [institution] = await tx
        .select({ id: institutions.id })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      if (!institution) throw errors.notFound('The institution');
      const [held] = await tx
        .select({ role: institutionRoles.role })
        .from(institutionRoles)
        .where(and(eq(institutionRoles.institutionId, institutionId), eq(institutionRoles.userId, actor.user.id)));
      return {
        institutionId,
        role: held?.role ?? null,
        isPlatformAdmin: isVerificationAdmin(actor, ctx.config.verificationAdminEmails),
      };
    };

    app.patch(
      '/api/institutionDetailsById',
      { onRequest: ctx.authenticate, schema: updateInstitutionSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId, ...details } = request.body;
        const row = await ctx.db.transaction(async (tx) => {
          authorize(actor, 'institution.update', await institutionAccess(tx, actor, institutionId));
          await assertDomainFree(tx, details.domain, institutionId);
          const [updated] = await tx
            .update(institutions)
            .set({ ...details, updatedAt: sql`now()` })
            .where(eq(institutions.id, institutionId))
            .returning();
          if (!updated) throw errors.notFound('The institution');
          return updated;
        });
        return ok([presentInstitution(row)], 'Institution saved');
      },
    );

    app.get(
      '/api/institutions/user/role/root',
      { onRequest: ctx.authenticate, schema: rootRoleSchema },
      async (request) => {
        const actor = actorOf(request);
        const rows = await ctx.db
          .select({ institution: institutions, role: institutionRoles.role })
          .from(institutionRoles)
          .innerJoin(institutions, eq(institutions.id, institutionRoles.institutionId))
          .where(and(eq(institutionRoles.userId, actor.user.id), eq(institutionRoles.role, 'root')))
          .orderBy(asc(sql`lower(${institutions.name})`));
        return ok({ institutions: rows.map((row) => ({ ...presentInstitution(row.institution), role: row.role })) });
      },
    );

    /**
     * An institution never loses its last root by a role change: someone must keep running its details and groups.
     * Only roots who have signed in count. The root rows are locked so two roots stepping down at once cannot both
     * pass.
     */
    const assertAnotherRootRemains = async (tx: Executor, institutionId: number, leavingEmail: string) => {
      const roots = await tx
        .select({ email: institutionRoles.email, userId: institutionRoles.userId })
        .from(institutionRoles)
        .where(and(eq(institutionRoles.institutionId, institutionId), eq(institutionRoles.role, 'root')))
        .for('update');
      const active = roots.filter((root) => root.userId !== null);
      if (active.length === 1 && active[0]?.email === leavingEmail) {
        throw errors.conflict("This is the institution's only root: make someone else root first.");
      }
    };

    app.get(
      '/api/institutions/user/role',
      { onRequest: ctx.authenticate, schema: institutionPeopleRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId } = request.query;
        authorize(actor, 'institution.listRoles', await institutionAccess(ctx.db, actor, institutionId));
        const rows = await ctx.db
          .select({
            userId: institutionRoles.userId,
            name: users.name,
            email: institutionRoles.email,
            role: institutionRoles.role,
            grantedAt: institutionRoles.updatedAt,
          })
          .from(institutionRoles)
          .leftJoin(users, eq(users.id, institutionRoles.userId))
          .where(eq(institutionRoles.institutionId, institutionId))
          .orderBy(
            asc(institutionRoles.role),
            asc(sql`lower(coalesce(${users.name}, ${institutionRoles.email}))`),
            asc(institutionRoles.id),
          );
        return ok({ institutionId, people: rows.map(presentInstitutionPerson) });
      },
    );

    app.post(
      '/api/institutions/user/role',
      { onRequest: ctx.authenticate, schema: grantInstitutionRoleSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId, role } = request.body;
        const email = request.body.email.toLowerCase();
        const joined = await ctx.db.transaction(async (tx) => {
          authorize(actor, 'institution.grantRole', await institutionAccess(tx, actor, institutionId));
          if (role !== 'root') await assertAnotherRootRemains(tx, institutionId, email);
          // Someone who has not signed up yet gets the role with their first sign-in (services/institutions.ts).
          const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          await tx
            .insert(institutionRoles)
            .values({ institutionId, userId: person?.id ?? null, email, role, grantedBy: actor.user.id })
            .onConflictDoUpdate({
              target: [institutionRoles.institutionId, institutionRoles.email],
              set: { role, grantedBy: actor.user.id, updatedAt: sql`now()` },
            });
          if (person) await refreshInstitutionAccess(tx, person.id);
          return Boolean(person);
        });
        const title = role === 'root' ? 'the root' : 'an admin';
        return ok(
          { institutionId, email, role },
          joined ? `${email} is now ${title}` : `${email} becomes ${title} on signing in to Placely`,
        );
      },
    );

    app.delete(
      '/api/institutions/user/role',
      { onRequest: ctx.authenticate, schema: revokeInstitutionRoleSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId } = request.query;
        const email = request.query.email.toLowerCase();
        await ctx.db.transaction(async (tx) => {
          authorize(actor, 'institution.grantRole', await institutionAccess(tx, actor, institutionId));
          await assertAnotherRootRemains(tx, institutionId, email);
          const [removed] = await tx
            .delete(institutionRoles)
            .where(and(eq(institutionRoles.institutionId, institutionId), eq(institutionRoles.email, email)))
            .returning({ userId: institutionRoles.userId });
          if (!removed) throw errors.notFound('That role');
          if (removed.userId !== null) await refreshInstitutionAccess(tx, removed.userId);
        });
        return ok({ institutionId, email }, `${email} no longer has a role at this institution`);
      },
    );

    app.get(
      '/api/institutions/suggested',
      { onRequest: ctx.authenticate, schema: suggestedInstitutionsRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const domain = actor.user.email.split('@')[1]?.toLowerCase() ?? '';
        // student@cse.iitd.ac.in matches iitd.ac.in: the email's domain or any parent of it.
        const parts = domain.split('.');
        const candidates = parts.slice(0, -1).map((_part, index) => parts.slice(index).join('.'));
        const rows =
          candidates.length === 0
            ? []
            : await ctx.db
                .select()
                .from(institutions)
                .where(inArray(institutions.domain, candidates))
                .orderBy(desc(sql`length(${institutions.domain})`));
        return ok({ institutions: rows.map(presentInstitution) });
      },
    );
  };
}
