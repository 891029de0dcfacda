import { PHONE_CODE } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneNumbers, phoneVerificationCodes } from '../../db/schema';
import { seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function studentWithPhones(...numbers: string[]) {
  const user = await seedStudent(server.db);
  const token = await server.tokenFor(user.id);
  await server.call('/api/user/profile', { token, body: { phoneNumbers: numbers.map((number) => ({ number })) } });
  return { user, token };
}

async function readCode(token: string, phoneNumber: string): Promise<string> {
  const { status, body } = await server.call(`/api/dev/sms/latest?phoneNumber=${encodeURIComponent(phoneNumber)}`, {
    token,
  });
  expect(status).toBe(200);
  const code = /\b(\d{6})\b/.exec(body.result.data.body)?.[1];
  if (!code) throw new Error('no code in the message');
  return code;
}

/** Lets the next code request through the resend cooldown without waiting a minute. */
async function ageCodes(userId: number, seconds: number) {
  const { sql } = await import('drizzle-orm');
  await server.db
    .update(phoneVerificationCodes)
    .set({ createdAt: sql`created_at - make_interval(secs => ${seconds})` })
    .where(eq(phoneVerificationCodes.userId, userId));
}

describe('phone verification by one-time code', () => {
  it('the development SMS endpoint shows only codes sent for the caller (issue #10, defect 8)', async () => {
    const first = await studentWithPhones('+915555555555');
    expect(
      (await server.call('/api/profile/phone/code', { token: first.token, body: { phoneNumber: '+915555555555' } }))
        .status,
    ).toBe(200);
    // Someone else adds the same number: the code sent for the first person is not theirs to read.
    const second = await studentWithPhones('+915555555555');
    const peek = await server.call('/api/dev/sms/latest?phoneNumber=%2B915555555555', { token: second.token });
    expect(peek.status).toBe(404);
    expect(JSON.stringify(peek.body)).not.toMatch(/verification code/);
    expect(await readCode(first.token, '+915555555555')).toMatch(/^\d{6}$/);
  });

  it('tells the dialog whether a code is live and when a new one may be asked for (issue #10, defect 7)', async () => {
    const { token, user } = await studentWithPhones('+913333333333');
    const statusOf = (phone: string, as = token) =>
      server.call(`/api/profile/phone/code?phoneNumber=${encodeURIComponent(phone)}`, { token: as });
    expect((await server.call('/api/profile/phone/code?phoneNumber=%2B913333333333')).status).toBe(401);
    const none = await statusOf('+913333333333');
    expect(none.status).toBe(200);
    expect(none.body.result.data).toEqual({ phoneNumber: '+913333333333', expiresAt: null, resendAfter: null });

    const sent = await server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+913333333333' } });
    expect(sent.status).toBe(200);
    // The dialog is closed and opened again within the cooldown: the code already sent is still live.
    const live = await statusOf('+91 33333 33333');
    expect(live.body.result.data).toEqual(sent.body.result.data);
    expect(
      (await server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+913333333333' } })).status,
    ).toBe(429);
    const code = await readCode(token, '+913333333333');
    expect(
      (await server.call('/api/profile/phone/code/check', { token, body: { phoneNumber: '+913333333333', code } }))
        .status,
    ).toBe(200);
    expect(
      (await server.call('/api/profile/phone/verified', { token, body: { phoneNumber: '+913333333333' } })).status,
    ).toBe(200);
    // Recorded: no live code any more; the cooldown still says when the next code may be asked for.
    const after = await statusOf('+913333333333');
    expect(after.body.result.data.expiresAt).toBeNull();
    expect(after.body.result.data.resendAfter).toBe(sent.body.result.data.resendAfter);
    await ageCodes(user.id, PHONE_CODE.resendAfterSeconds);
    expect((await statusOf('+913333333333')).body.result.data.resendAfter).toBeNull();

    const stranger = await studentWithPhones('+914444444444');
    expect((await statusOf('+913333333333', stranger.token)).status).toBe(404);
  });

  it('401 signed out on every call', async () => {
    for (const [path, body] of [
      ['/api/profile/phone/code', { phoneNumber: '+911234567890' }],
      ['/api/profile/phone/code/check', { phoneNumber: '+911234567890', code: '123456' }],
    ] as const) {
      expect((await server.call(path, { body })).status).toBe(401);
    }
    expect((await server.call('/api/dev/sms/latest?phoneNumber=%2B911234567890')).status).toBe(401);
  });

  it('code → check → verified: the number becomes the single verified primary', async () => {
    const { token } = await studentWithPhones('+911111111111', '+912222222222');
    const sent = await server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+91 22222 22222' } });
    expect(sent.status).toBe(200);
    expect(sent.body.result.data.phoneNumber).toBe('+912222222222');
    const expiresIn = Date.parse(sent.body.result.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((PHONE_CODE.ttlSeconds - 30) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(PHONE_CODE.ttlSeconds * 1000 + 5000);

    const code = await readCode(token, '+912222222222');
    const checked = await server.call('/api/profile/phone/code/check', {
      token,
      body: { phoneNumber: '+912222222222', code },
    });
    expect(checked.status).toBe(200);
    const recorded = await server.call('/api/profile/phone/verified', {
      token,
      body: { phoneNumber: '+912222222222' },
    });
    expect(recorded.status).toBe(200);
    const phones = recorded.body.result.data.profileDetails.phoneNumbers;
    expect(phones.filter((phone: { isPrimary: boolean }) => phone.isPrimary)).toEqual([
      expect.objectContaining({ number: '+912222222222', isVerified: true, isPrimary: true }),
    ]);
    // A checked code records once.
    const again = await server.call('/api/profile/phone/verified', { token, body: { phoneNumber: '+912222222222' } });
    expect(again.status).toBe(409);
  });

  it('stores only a hash of the code', async () => {
    const { user, token } = await studentWithPhones('+913333333333');
    await server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+913333333333' } });
    const code = await readCode(token, '+913333333333');
    const [row] = await server.db
      .select()
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, user.id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
  });

  it('names the code field when it is wrong or malformed, and stops after the attempt limit', async () => {
    const { token } = await studentWithPhones('+914444444444');
    await server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+914444444444' } });
    const code = await readCode(token, '+914444444444');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const malformed = await server.call('/api/profile/phone/code/check', {
      token,
      body: { phoneNumber: '+914444444444', code: '12ab' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.exception.error.fields).toEqual([{ field: 'code', message: 'Enter the 6-digit code' }]);

    for (let attempt = 1; attempt < PHONE_CODE.maxAttempts; attempt += 1) {
      const { status, body } = await server.call('/api/profile/phone/code/check', {
        token,
        body: { phoneNumber: '+914444444444', code: wrong },
      });
      expect(status).toBe(400);
      expect(body.exception.error.fields[0].field).toBe('code');
    }
    const last = await server.call('/api/profile/phone/code/check', {
      token,
      body: { phoneNumber: '+914444444444', code: wrong },
    });
    expect(last.status).toBe(429);
    // The right code no longer works: the code is spent.
    const late = await server.call('/api/profile/phone/code/check', {
      token,
      body: { phoneNumber: '+914444444444', code },
    });
    expect(late.status).toBe(409);
  });

  it('refuses an expired code, naming the field', async () => {
    const { user, token } = await studentWithPhones('+915555555555');
    await server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+915555555555' } });
    const code = await readCode(token, '+915555555555');
    const { sql } = await import('drizzle-orm');
    await server.db
      .update(phoneVerificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(phoneVerificationCodes.userId, user.id));
    const { status, body } = await server.call('/api/profile/phone/code/check', {
      token,
      body: { phoneNumber: '+915555555555', code },
    });
    expect(status).toBe(400);
    expect(body.exception.error.fields).toEqual([
      { field: 'code', message: 'That code has expired. Ask for a new one.' },
    ]);
  });

  it('rate-limits: a resend cooldown, then a cap per number per hour', async () => {
    const { user, token } = await studentWithPhones('+916666666666');
    const ask = () => server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+916666666666' } });
    expect((await ask()).status).toBe(200);
    const tooSoon = await ask();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.exception.error.message).toMatch(/^Wait \d+ seconds before asking for another code\.$/);
    for (let sent = 1; sent < PHONE_CODE.perNumberPerHour; sent += 1) {
      await ageCodes(user.id, PHONE_CODE.resendAfterSeconds + 1);
      expect((await ask()).status).toBe(200);
    }
    await ageCodes(user.id, PHONE_CODE.resendAfterSeconds + 1);
    const capped = await ask();
    expect(capped.status).toBe(429);
    expect(capped.body.exception.error.message).toBe('Too many codes asked for. Try again in an hour.');
  });

  it("another user's number: 404 everywhere, and its owner's state is untouched", async () => {
    const owner = await studentWithPhones('+917777777777');
    const other = await studentWithPhones('+918888888888');
    await server.call('/api/profile/phone/code', { token: owner.token, body: { phoneNumber: '+917777777777' } });
    for (const [path, body] of [
      ['/api/profile/phone/code', { phoneNumber: '+917777777777' }],
      ['/api/profile/phone/code/check', { phoneNumber: '+917777777777', code: '123456' }],
      ['/api/profile/phone/verified', { phoneNumber: '+917777777777' }],
    ] as const) {
      expect((await server.call(path, { token: other.token, body })).status, path).toBe(404);
    }
    const peek = await server.call('/api/dev/sms/latest?phoneNumber=%2B917777777777', { token: other.token });
    expect(peek.status).toBe(404);
    const [phone] = await server.db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, owner.user.id));
    expect(phone?.isVerified).toBe(false);
  });

  it('a newer code replaces the older one', async () => {
    const { user, token } = await studentWithPhones('+919999999999');
    await server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+919999999999' } });
    const first = await readCode(token, '+919999999999');
    await ageCodes(user.id, PHONE_CODE.resendAfterSeconds + 1);
    await server.call('/api/profile/phone/code', { token, body: { phoneNumber: '+919999999999' } });
    const second = await readCode(token, '+919999999999');
    if (first !== second) {
      const stale = await server.call('/api/profile/phone/code/check', {
        token,
        body: { phoneNumber: '+919999999999', code: first },
      });
      expect(stale.status).toBe(400);
    }
    const fresh = await server.call('/api/profile/phone/code/check', {
      token,
      body: { phoneNumber: '+919999999999', code: second },
    });
    expect(fresh.status).toBe(200);
  });
});
