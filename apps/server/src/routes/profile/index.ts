import type { z } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { individualProfiles, phoneNumbers } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { loadProfileDetails } from '../../services/profile';
import { lockUser } from '../../services/users';
import { consumeCheckedPhoneCode } from '../phone-verification';
import { phoneVerifiedSchema, updateIndividualProfileSchema } from './schema';

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    /** Account details: one flow for both kinds of account, each with its own body, rule and table. */
    const saveDetails = <Profile>(
      path: string,
      schema: { body: z.ZodType<{ profile: Profile }> } & Record<string, unknown>,
      action: 'user.updateIndividualProfile',
      upsert: (tx: Executor, userId: number, profile: Profile) => Promise<unknown>,
    ) =>
      app.post(path, { ...authenticated, schema }, async (request) => {
        const actor = actorOf(request);
        const { profile } = request.body as { profile: Profile };
        const profileDetails = await ctx.db.transaction(async (tx) => {
          const user = await lockUser(tx, actor.user.id);
          authorize(actor, action, user);
          await upsert(tx, user.id, profile);
          return loadProfileDetails(tx, user.id);
        });
        return ok({ profileDetails }, 'Profile saved');
      });

    saveDetails(
      '/api/individual/profile',
      updateIndividualProfileSchema,
      'user.updateIndividualProfile',
      (tx, userId, profile) =>
        tx
          .insert(individualProfiles)
          .values({ userId, ...profile })
          .onConflictDoUpdate({ target: individualProfiles.userId, set: { ...profile, updatedAt: sql`now()` } }),
    );
    // POST /api/organization/profile is an organization route now (routes/organizations/profile.ts): owners of a
    // team edit it too.

    app.post('/api/profile/phone/verified', { ...authenticated, schema: phoneVerifiedSchema }, async (request) => {
      const actor = actorOf(request);
      const number = request.body.phoneNumber;
      const profileDetails = await ctx.db.transaction(async (tx) => {
        const user = await lockUser(tx, actor.user.id);
        authorize(actor, 'user.updatePhoneNumbers', user);
        const [phone] = await tx
          .select()
          .from(phoneNumbers)
          .where(
            and(eq(phoneNumbers.userId, user.id), eq(phoneNumbers.number, number), eq(phoneNumbers.isDeleted, false)),
          );
        if (!phone) throw errors.notFound('That phone number');
        await consumeCheckedPhoneCode(tx, user.id, number);
        // The verified number becomes the single primary one.
        await tx
          .update(phoneNumbers)
          .set({ isPrimary: false, updatedAt: sql`now()` })
          .where(and(eq(phoneNumbers.userId, user.id), eq(phoneNumbers.isPrimary, true)));
        await tx
          .update(phoneNumbers)
          .set({ isVerified: true, isPrimary: true, date: sql`now()`, updatedAt: sql`now()` })
          .where(eq(phoneNumbers.id, phone.id));
        return loadProfileDetails(tx, user.id);
      });
      return ok({ profileDetails }, 'Phone number verified');
    });
  };
}
