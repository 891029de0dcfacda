import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { institutions, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { presentInstitution } from '../../presenters/institution';
import { presentUser } from '../../presenters/user';
import { institutionDetailsSchema, listInstitutionsSchema, updateInstitutionIdSchema } from './schema';

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
  };
}
