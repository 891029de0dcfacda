import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_CODE, PHONE_CODE_MESSAGES } from '@placely/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { phoneNumbers, phoneVerificationCodes, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { SmsDeliveryError } from '../../services/sms';
import { lockUser } from '../../services/users';
import { checkPhoneCodeSchema, latestDevSmsSchema, phoneCodeStatusRouteSchema, requestPhoneCodeSchema } from './schema';

/** Keyed hash: a leaked table does not reveal codes, and 10^6 guesses cannot be precomputed without the key. */
function hashCode(key: Uint8Array, userId: number, number: string, code: string): string {
  return createHmac('sha256', key).update(`phone-code:${userId}:${number}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE.length)).padStart(PHONE_CODE.length, '0');
}

async function findLivePhone(tx: Executor, userId: number, number: string) {
  const [phone] = await tx
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.userId, userId), eq(phoneNumbers.number, number), eq(phoneNumbers.isDeleted, false)));
  return phone;
}

export function phoneVerificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const hashKey = ctx.config.jwtSecret;

    app.post('/api/profile/phone/code', { ...authenticated, schema: requestPhoneCodeSchema }, async (request) => {
      const actor = actorOf(request);
      const number = request.body.phoneNumber;
      const code = newCode();
      const sent = await ctx.db.transaction(async (tx) => {
        // Serialises code requests per user, so the hourly limits cannot be raced.
        const user = await lockUser(tx, actor.user.id);
        authorize(actor, 'user.updatePhoneNumbers', user);
        const phone = await findLivePhone(tx, user.id, number);
        if (!phone) throw errors.notFound('That phone number');

        const hourAgo = sql`now() - interval '1 hour'`;
        const [latest] = await tx
          .select({ secondsAgo: sql<number>`extract(epoch from now() - ${phoneVerificationCodes.createdAt})::float` })
          .from(phoneVerificationCodes)
          .where(and(eq(phoneVerificationCodes.userId, user.id), eq(phoneVerificationCodes.number, number)))
          .orderBy(desc(phoneVerificationCodes.createdAt))
          .limit(1);
        if (latest && latest.secondsAgo < PHONE_CODE.resendAfterSeconds) {
          throw errors.rateLimited(
            PHONE_CODE_MESSAGES.resendTooSoon(Math.ceil(PHONE_CODE.resendAfterSeconds - latest.secondsAgo)),
          );
        }
        const [perNumber] = await tx
          .select({ total: count() })
          .from(phoneVerificationCodes)
          .where(
            and(
              eq(phoneVerificationCodes.userId, user.id),
              eq(phoneVerificationCodes.number, number),
              gt(phoneVerificationCodes.createdAt, hourAgo),
            ),
          );
        const [perUser] = await tx
          .select({ total: count() })
          .from(phoneVerificationCodes)
          .where(and(eq(phoneVerificationCodes.userId, user.id), gt(phoneVerificationCodes.createdAt, hourAgo)));
        if (
          (perNumber?.total ?? 0) >= PHONE_CODE.perNumberPerHour ||
          (perUser?.total ?? 0) >= PHONE_CODE.perUserPerHour
        ) {
          throw errors.rateLimited(PHONE_CODE_MESSAGES.tooManyCodes);
        }

        // Only the newest code for a number is usable.
        await tx
          .update(phoneVerificationCodes)
          .set({ consumedAt: sql`now()` })
          .where(
            and(
              eq(phoneVerificationCodes.userId, user.id),
              eq(phoneVerificationCodes.number, number),
              isNull(phoneVerificationCodes.consumedAt),
            ),
          );
        const [row] = await tx
          .insert(phoneVerificationCodes)
          .values({
            userId: user.id,
            number,
            codeHash: hashCode(hashKey, user.id, number, code),
            expiresAt: sql`now() + make_interval(secs => ${PHONE_CODE.ttlSeconds})`,
          })
          .returning();
        if (!row) throw new Error('the code row was not written');
        return row;
      });

      try {
        await ctx.sms.send(
          number,
          `${code} is your Placely verification code. It expires in 10 minutes.`,
          actor.user.id,
        );
      } catch (error) {
        // Nothing was delivered: retire the code and do not count it against the person's limits.
        await ctx.db.delete(phoneVerificationCodes).where(eq(phoneVerificationCodes.id, sent.id));
        if (error instanceof SmsDeliveryError)
          throw errors.upstreamFailed('We could not send the SMS. Try again later.');
        throw error;
      }
      const resendAfter = new Date(sent.createdAt.getTime() + PHONE_CODE.resendAfterSeconds * 1000);
      return ok(
        { phoneNumber: number, expiresAt: sent.expiresAt.toISOString(), resendAfter: resendAfter.toISOString() },
        PHONE_CODE_MESSAGES.sent,
      );
    });

    app.get('/api/profile/phone/code', { ...authenticated, schema: phoneCodeStatusRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const number = request.query.phoneNumber;
      authorize(actor, 'user.updatePhoneNumbers', actor.user);
      if (!(await findLivePhone(ctx.db, actor.user.id, number))) throw errors.notFound('That phone number');
      // The same rules as sending and checking: the newest code is the only usable one; the cooldown runs from it.
      const [latest] = await ctx.db
        .select({
          expiresAt: phoneVerificationCodes.expiresAt,
          live: sql<boolean>`${phoneVerificationCodes.consumedAt} is null and ${phoneVerificationCodes.expiresAt} > now()`,
          resendAfter: sql<Date>`${phoneVerificationCodes.createdAt} + make_interval(secs => ${PHONE_CODE.resendAfterSeconds})`,
          coolingDown: sql<boolean>`${phoneVerificationCodes.createdAt} > now() - make_interval(secs => ${PHONE_CODE.resendAfterSeconds})`,
        })
        .from(phoneVerificationCodes)
        .where(and(eq(phoneVerificationCodes.userId, actor.user.id), eq(phoneVerificationCodes.number, number)))
        .orderBy(desc(phoneVerificationCodes.createdAt))
        .limit(1);
      return ok({
        phoneNumber: number,
        expiresAt: latest?.live ? latest.expiresAt.toISOString() : null,
        resendAfter: latest?.coolingDown ? new Date(latest.resendAfter).toISOString() : null,
      });
    });

    app.post('/api/profile/phone/code/check', { ...authenticated, schema: checkPhoneCodeSchema }, async (request) => {
      const actor = actorOf(request);
      const { phoneNumber: number, code } = request.body;
      const outcome = await ctx.db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, actor.user.id));
        if (!user) throw errors.unauthenticated();
        authorize(actor, 'user.updatePhoneNumbers', user);
        if (!(await findLivePhone(tx, user.id, number))) throw errors.notFound('That phone number');
        const [pending] = await tx
          .select({
            row: phoneVerificationCodes,
            expired: sql<boolean>`${phoneVerificationCodes.expiresAt} <= now()`,
          })
          .from(phoneVerificationCodes)
          .where(
            and(
              eq(phoneVerificationCodes.userId, user.id),
              eq(phoneVerificationCodes.number, number),
              isNull(phoneVerificationCodes.consumedAt),
            ),
          )
          .orderBy(desc(phoneVerificationCodes.createdAt))
          .limit(1)
          .for('update');
        if (!pending) return 'noCode' as const;
        if (pending.expired) return 'expired' as const;
        if (pending.row.checkedAt) return 'ok' as const;
        if (sameHash(pending.row.codeHash, hashCode(hashKey, user.id, number, code))) {
          await tx
            .update(phoneVerificationCodes)
            .set({ checkedAt: sql`now()` })
            .where(eq(phoneVerificationCodes.id, pending.row.id));
          return 'ok' as const;
        }
        const attempts = pending.row.attempts + 1;
        await tx
          .update(phoneVerificationCodes)
          .set({ attempts, ...(attempts >= PHONE_CODE.maxAttempts ? { consumedAt: sql`now()` } : {}) })
          .where(eq(phoneVerificationCodes.id, pending.row.id));
        return attempts >= PHONE_CODE.maxAttempts ? ('tooManyAttempts' as const) : ('wrongCode' as const);
      });
      switch (outcome) {
        case 'ok':
          return ok({ phoneNumber: number, verified: true as const }, PHONE_CODE_MESSAGES.verified);
        case 'noCode':
          throw errors.conflict(PHONE_CODE_MESSAGES.noCode);
        case 'tooManyAttempts':
          throw errors.rateLimited(PHONE_CODE_MESSAGES.tooManyAttempts);
        default:
          throw errors.validation([{ field: 'code', message: PHONE_CODE_MESSAGES[outcome] }]);
      }
    });

    if (ctx.sms.latest) {
      const latest = ctx.sms.latest;
      app.get('/api/dev/sms/latest', { ...authenticated, schema: latestDevSmsSchema }, async (request) => {
        const actor = actorOf(request);
        // Even in development, only the owner of the number reads its messages.
        if (!(await findLivePhone(ctx.db, actor.user.id, request.query.phoneNumber))) {
          throw errors.notFound('That phone number');
        }
        const message = latest(request.query.phoneNumber, actor.user.id);
        if (!message) throw errors.notFound('A message to that number');
        return ok(message);
      });
    }
  };
}

/**
 * For POST /api/profile/phone/verified: takes the checked, unrecorded code for this number (within the window) or
 * throws. Runs inside the caller's transaction, so recording happens at most once per code.
 */
export async function consumeCheckedPhoneCode(tx: Executor, userId: number, number: string): Promise<void> {
  const [used] = await tx
    .update(phoneVerificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(phoneVerificationCodes.userId, userId),
        eq(phoneVerificationCodes.number, number),
        isNull(phoneVerificationCodes.consumedAt),
        gt(phoneVerificationCodes.checkedAt, sql`now() - make_interval(secs => ${PHONE_CODE.recordWithinSeconds})`),
      ),
    )
    .returning({ id: phoneVerificationCodes.id });
  if (!used) throw errors.conflict(PHONE_CODE_MESSAGES.notChecked);
}
