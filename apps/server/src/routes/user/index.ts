import { MESSAGES } from '@placely/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { phoneNumbers, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { isOrganization } from '../../policies/user';
import { presentUser } from '../../presenters/user';
import { mergeAutoFillData } from '../../services/autofill';
import { loadEducation, loadPortfolioSummaries } from '../../services/individual';
import { createOrganizationFor } from '../../services/organizations';
import { loadProfileDetails, preparedSignedInProfileDetails } from '../../services/profile';
import {
  getProfileSchema,
  signInSchema,
  updateAccountTypeSchema,
  updateAutoFillDataSchema,
  updateProfileSchema,
} from './schema';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const signedInProfileDetails = preparedSignedInProfileDetails(ctx.db);
    // Counted before authentication, so requests with bad or missing tokens are limited too (RATE_LIMIT_AUTH_PER_MINUTE;
    // doubled as a sign-in may be followed by the web's one retry).
    const signInRateLimit = app.rateLimit({ max: ctx.config.rateLimitAuthPerMinute * 2, timeWindow: '1 minute' });

    app.post(
      '/api/user/signIn',
      { onRequest: [signInRateLimit, ctx.authenticate], schema: signInSchema },
      async (request) => {
        const actor = actorOf(request);
        const user = await ctx.db.transaction(async (tx) => {
          if (actor.user.accountType === null && request.body.assumeStudent) {
            const [updated] = await tx
              .update(users)
              .set({ accountType: 'Individual', updatedAt: sql`now()` })
              .where(and(eq(users.id, actor.user.id), isNull(users.accountType)))
              .returning();
            if (updated) return updated;
            const [current] = await tx.select().from(users).where(eq(users.id, actor.user.id));
            return current ?? actor.user;
          }
          return actor.user;
        });
        const profile = await loadProfileDetails(ctx.db, user.id);
        const body = presentUser(user);
        return {
          status: 'success' as const,
          result: {
            body,
            message: body.accountType ? 'Signed in successfully' : MESSAGES.accountTypeDoesNotExist,
            profile,
            education: await loadEducation(ctx.db, user.id),
            portfolios: await loadPortfolioSummaries(ctx.db, user.id),
          },
        };
      },
    );

    // The session check rides in the profile read: one statement for the whole request.
    app.get(
      '/api/user/profile',
      { onRequest: ctx.authenticate.inFirstRead, schema: getProfileSchema },
      async (request) => {
        const { actor, profileDetails } = await signedInProfileDetails(request);
        authorize(actor, 'user.read', actor.user);
        return ok({ profileDetails });
      },
    );

    app.post('/api/user/profile', { ...authenticated, schema: updateProfileSchema }, async (request) => {
      const actor = actorOf(request);
      const wanted = request.body.phoneNumbers.map((phone) => phone.number);
      const profileDetails = await ctx.db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, actor.user.id)).for('update');
        if (!user) throw errors.unauthenticated();
        authorize(actor, 'user.updatePhoneNumbers', user);
        const live = await tx
          .select()
          .from(phoneNumbers)
          .where(and(eq(phoneNumbers.userId, user.id), eq(phoneNumbers.isDeleted, false)));
        const removed = live.filter((phone) => !wanted.includes(phone.number)).map((phone) => phone.id);
        if (removed.length > 0) {
          await tx
            .update(phoneNumbers)
            .set({ isDeleted: true, isPrimary: false, updatedAt: sql`now()` })
            .where(inArray(phoneNumbers.id, removed));
        }
        const added = wanted.filter((number) => !live.some((phone) => phone.number === number));
        if (added.length > 0) {
          await tx.insert(phoneNumbers).values(added.map((number) => ({ userId: user.id, number })));
        }
        return loadProfileDetails(tx, user.id);
      });
      return ok({ profileDetails }, 'Profile updated');
    });

    app.get('/api/user/account', { ...authenticated, schema: updateAccountTypeSchema }, async (request) => {
      const actor = actorOf(request);
      const user = await ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, actor.user.id)).for('update');
        if (!current) throw errors.unauthenticated();
        authorize(actor, 'user.chooseAccountType', current);
        if (current.accountType === request.query.account) return current;
        if (current.accountType !== null) {
          throw errors.conflict(`Your account is already set up as ${current.accountType}; it cannot be changed here.`);
        }
        const [updated] = await tx
          .update(users)
          .set({ accountType: request.query.account, updatedAt: sql`now()` })
          .where(eq(users.id, current.id))
          .returning();
        if (updated && isOrganization(updated)) await createOrganizationFor(tx, updated);
        return updated ?? current;
      });
      return ok(presentUser(user), 'Account type updated');
    });

    app.post(
      '/api/user/update/autoFillData',
      { ...authenticated, schema: updateAutoFillDataSchema },
      async (request) => {
        const actor = actorOf(request);
        authorize(actor, 'user.updateAutoFillData', actor.user);
        const stored = await mergeAutoFillData(ctx.db, actor.user.id, request.body.autoFillData);
        return ok({ autoFillData: stored }, 'Auto-fill data updated');
      },
    );
  };
}
