import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { institutionRoles, institutions, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import type { InstitutionAccess } from '../../policies/institution';
import { isVerificationAdmin } from '../../policies/verification-group';
import { presentInstitution } from '../../presenters/institution';
import { presentUser } from '../../presenters/user';
import {
  grantInstitutionRoleSchema,
  institutionDetailsSchema,
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
          if (details.domain) {
            const [clash] = await tx
              .select({ id: institutions.id })
              .from(institutions)
              .where(and(eq(institutions.domain, details.domain), ne(institutions.id, institutionId)));
            if (clash) throw errors.validation([{ field: 'domain', message: 'Another institution uses this domain.' }]);
          }
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

    /** Keeps users.has_institution_access equal to "holds some institution role". */
    const refreshInstitutionAccess = async (tx: Executor, userId: number) => {
      await tx
        .update(users)
        .set({
          hasInstitutionAccess: sql`exists (select 1 from ${institutionRoles} where ${institutionRoles.userId} = ${userId})`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
    };

    app.post(
      '/api/institutions/user/role',
      { onRequest: ctx.authenticate, schema: grantInstitutionRoleSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId, email, role } = request.body;
        await ctx.db.transaction(async (tx) => {
          authorize(actor, 'institution.grantRole', await institutionAccess(tx, actor, institutionId));
          const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (!person) {
            throw errors.validation([{ field: 'email', message: 'Nobody has signed up with this email yet.' }]);
          }
          await tx
            .insert(institutionRoles)
            .values({ institutionId, userId: person.id, role, grantedBy: actor.user.id })
            .onConflictDoUpdate({
              target: [institutionRoles.institutionId, institutionRoles.userId],
              set: { role, grantedBy: actor.user.id, updatedAt: sql`now()` },
            });
          await refreshInstitutionAccess(tx, person.id);
        });
        return ok({ institutionId, email, role }, `${email} is now ${role === 'root' ? 'the root' : 'an admin'}`);
      },
    );

    app.delete(
      '/api/institutions/user/role',
      { onRequest: ctx.authenticate, schema: revokeInstitutionRoleSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId, email } = request.query;
        await ctx.db.transaction(async (tx) => {
          authorize(actor, 'institution.grantRole', await institutionAccess(tx, actor, institutionId));
          const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          const removed = person
            ? await tx
                .delete(institutionRoles)
                .where(and(eq(institutionRoles.institutionId, institutionId), eq(institutionRoles.userId, person.id)))
                .returning({ id: institutionRoles.id })
            : [];
          if (!person || removed.length === 0) throw errors.notFound('That role');
          await refreshInstitutionAccess(tx, person.id);
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
