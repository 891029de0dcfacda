import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { individualProfiles, organizationProfiles, phoneNumbers, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { loadProfileDetails } from '../../services/profile';
import { consumeCheckedPhoneCode } from '../phone-verification';
import { phoneVerifiedSchema, updateIndividualProfileSchema, updateOrganizationProfileSchema } from './schema';

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.post(
      '/api/individual/profile',
      { ...authenticated, schema: updateIndividualProfileSchema },
      async (request) => {
        const actor = actorOf(request);
        const profile = request.body.profile;
        const profileDetails = await ctx.db.transaction(async (tx) => {
          const [user] = await tx.select().from(users).where(eq(users.id, actor.user.id));
          if (!user) throw errors.unauthenticated();
          authorize(actor, 'user.updateIndividualProfile', user);
          await tx
            .insert(individualProfiles)
            .values({ userId: user.id, ...profile })
            .onConflictDoUpdate({ target: individualProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
          return loadProfileDetails(tx, user.id);
        });
        return ok({ profileDetails }, 'Profile saved');
      },
    );

    app.post(
      '/api/organization/profile',
      { ...authenticated, schema: updateOrganizationProfileSchema },
      async (request) => {
        const actor = actorOf(request);
        const profile = request.body.profile;
        const profileDetails = await ctx.db.transaction(async (tx) => {
          const [user] = await tx.select().from(users).where(eq(users.id, actor.user.id));
          if (!user) throw errors.unauthenticated();
          authorize(actor, 'user.updateOrganizationProfile', user);
          await tx
            .insert(organizationProfiles)
            .values({ userId: user.id, ...profile })
            .onConflictDoUpdate({ target: organizationProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
          return loadProfileDetails(tx, user.id);
        });
        return ok({ profileDetails }, 'Profile saved');
      },
    );

    app.post('/api/profile/phone/verified', { ...authenticated, schema: phoneVerifiedSchema }, async (request) => {
      const actor = actorOf(request);
      const number = request.body.phoneNumber;
      const profileDetails = await ctx.db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, actor.user.id)).for('update');
        if (!user) throw errors.unauthenticated();
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
