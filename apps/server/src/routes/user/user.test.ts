import { ACCESS_TOKEN_TTL_SECONDS, MESSAGES } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneNumbers, users } from '../../db/schema';
import { seedNewUser, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('POST /api/user/signIn', () => {
  it('401 without a token, in the envelope', async () => {
    const { status, body } = await server.call('/api/user/signIn', { body: { assumeStudent: false } });
    expect(status).toBe(401);
    expect(body).toEqual({
      status: 'error',
      exception: { error: { message: 'Sign in to continue.', code: 'UNAUTHENTICATED' } },
    });
  });

  it('401 TOKEN_EXPIRED for an expired token', async () => {
    const user = await seedStudent(server.db);
    const expired = await server.tokenFor(user.id, -60);
    const { status, body } = await server.call('/api/user/signIn', { token: expired, body: {} });
    expect(status).toBe(401);
    expect(body.exception.error.code).toBe('TOKEN_EXPIRED');
  });

  it('401 for a token signed with the server secret that claims to live longer than an access token does', async () => {
    const user = await seedStudent(server.db);
    const longLived = await server.tokenFor(user.id, 75 * 365 * 24 * 60 * 60);
    const refused = await server.call('/api/user/signIn', { token: longLived, body: {} });
    expect(refused.status).toBe(401);
    expect(refused.body.exception.error).toEqual({
      message: 'Your sign-in is not valid. Sign in again.',
      code: 'UNAUTHENTICATED',
    });
    // The configured lifetime itself is fine, to the second.
    const full = await server.tokenFor(user.id, ACCESS_TOKEN_TTL_SECONDS);
    expect((await server.call('/api/user/signIn', { token: full, body: {} })).status).toBe(200);
  });

  it('401 for a forged token and for the token of a deleted user', async () => {
    expect((await server.call('/api/user/signIn', { token: 'not.a.token', body: {} })).status).toBe(401);
    const user = await seedStudent(server.db);
    const token = await server.tokenFor(user.id);
    await server.db.delete(users).where(eq(users.id, user.id));
    const { status, body } = await server.call('/api/user/signIn', { token, body: {} });
    expect(status).toBe(401);
    expect(body.exception.error.code).toBe('UNAUTHENTICATED');
  });

  it('accepts the token with or without a Bearer prefix', async () => {
    const user = await seedStudent(server.db);
    const token = await server.tokenFor(user.id);
    expect((await server.call('/api/user/signIn', { token, body: {} })).status).toBe(200);
    expect((await server.call('/api/user/signIn', { token: `Bearer ${token}`, body: {} })).status).toBe(200);
  });

  it('leaves a new user without an account type unless assumeStudent', async () => {
    const { result } = await server.signIn({ email: 'undecided@example.com', name: 'Undecided' });
    expect(result.body).toMatchObject({ email: 'undecided@example.com', name: 'Undecided', accountType: null });
    expect(result.message).toBe(MESSAGES.accountTypeDoesNotExist);
    expect(result.profile).toEqual({ phoneNumbers: [], individual: null, organization: null });
    expect(result.education).toEqual([]);
    expect(result.portfolios).toEqual([]);
  });

  it('makes a new user an Individual with assumeStudent, and keeps it on later sign-ins', async () => {
    const first = await server.signIn({ email: 'from-form@example.com', assumeStudent: true });
    expect(first.result.body.accountType).toBe('Individual');
    const again = await server.signIn({ email: 'from-form@example.com', assumeStudent: false });
    expect(again.result.body.accountType).toBe('Individual');
    expect(again.result.body.userId).toBe(first.result.body.userId);
  });

  it('does not turn an Organization into an Individual', async () => {
    const org = await seedOrganization(server.db);
    const token = await server.tokenFor(org.id);
    const { body } = await server.call('/api/user/signIn', { token, body: { assumeStudent: true } });
    expect(body.result.body.accountType).toBe('Organization');
  });

  it('names the field when assumeStudent has the wrong type', async () => {
    const user = await seedStudent(server.db);
    const { status, body } = await server.call('/api/user/signIn', {
      token: await server.tokenFor(user.id),
      body: { assumeStudent: 'yes' },
    });
    expect(status).toBe(400);
    expect(body.exception.error.code).toBe('VALIDATION_FAILED');
    expect(body.exception.error.fields[0].field).toBe('assumeStudent');
  });
});

describe('GET /api/user/account', () => {
  it('401 signed out', async () => {
    expect((await server.call('/api/user/account?account=Individual')).status).toBe(401);
  });

  it('rejects a value that is not a recognised account type, naming the field', async () => {
    const user = await seedNewUser(server.db);
    const { status, body } = await server.call('/api/user/account?account=Pirate', {
      token: await server.tokenFor(user.id),
    });
    expect(status).toBe(400);
    expect(body.exception.error.fields[0].field).toBe('account');
  });

  it('sets the account type once; changing it later is a conflict', async () => {
    const user = await seedNewUser(server.db);
    const token = await server.tokenFor(user.id);
    const chosen = await server.call('/api/user/account?account=Organization', { token });
    expect(chosen.status).toBe(200);
    expect(chosen.body.result).toEqual({
      data: expect.objectContaining({ userId: user.id, accountType: 'Organization' }),
      message: 'Account type updated',
    });
    expect((await server.call('/api/user/account?account=Organization', { token })).status).toBe(200);
    const changed = await server.call('/api/user/account?account=Individual', { token });
    expect(changed.status).toBe(409);
    expect(changed.body.exception.error.code).toBe('CONFLICT');
  });
});

describe('/api/user/profile and phone numbers', () => {
  it('401 signed out for GET and POST', async () => {
    expect((await server.call('/api/user/profile')).status).toBe(401);
    expect((await server.call('/api/user/profile', { body: { phoneNumbers: [] } })).status).toBe(401);
  });

  it('adds, keeps and soft-deletes numbers; deleted ones stay out of the profile', async () => {
    const user = await seedStudent(server.db);
    const token = await server.tokenFor(user.id);
    const added = await server.call('/api/user/profile', {
      token,
      body: { phoneNumbers: [{ number: '+91 98765-43210' }, { number: '020 1234 5678' }] },
    });
    expect(added.status).toBe(200);
    expect(added.body.result.data.profileDetails.phoneNumbers.map((phone: { number: string }) => phone.number)).toEqual(
      ['+919876543210', '02012345678'],
    );
    const kept = await server.call('/api/user/profile', { token, body: { phoneNumbers: [{ number: '02012345678' }] } });
    expect(kept.body.result.data.profileDetails.phoneNumbers).toHaveLength(1);
    const rows = await server.db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, user.id));
    expect(rows.find((row) => row.number === '+919876543210')?.isDeleted).toBe(true);
    const fetched = await server.call('/api/user/profile', { token });
    expect(fetched.body.result.data.profileDetails.phoneNumbers).toEqual([
      expect.objectContaining({ number: '02012345678', isVerified: false, isPrimary: false, isDeleted: false }),
    ]);
  });

  it('names the bad number', async () => {
    const user = await seedStudent(server.db);
    const { status, body } = await server.call('/api/user/profile', {
      token: await server.tokenFor(user.id),
      body: { phoneNumbers: [{ number: '+919876543210' }, { number: 'call me' }] },
    });
    expect(status).toBe(400);
    expect(body.exception.error.fields).toEqual([
      { field: 'phoneNumbers.1.number', message: 'Enter a phone number of 6 to 15 digits, optionally starting with +' },
    ]);
  });

  it('refuses to record a number as verified without a checked code', async () => {
    const user = await seedStudent(server.db);
    const token = await server.tokenFor(user.id);
    await server.call('/api/user/profile', { token, body: { phoneNumbers: [{ number: '+911111111111' }] } });
    const { status, body } = await server.call('/api/profile/phone/verified', {
      token,
      body: { phoneNumber: '+911111111111' },
    });
    expect(status).toBe(409);
    expect(body.exception.error.message).toBe('Enter the code we sent to this number first.');
  });

  it("404 when verifying a number that is not the caller's", async () => {
    const owner = await seedStudent(server.db, { phone: '+913333333333' });
    const other = await seedStudent(server.db);
    const { status } = await server.call('/api/profile/phone/verified', {
      token: await server.tokenFor(other.id),
      body: { phoneNumber: '+913333333333' },
    });
    expect(status).toBe(404);
    const [phone] = await server.db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, owner.id));
    expect(phone?.isPrimary).toBe(true);
  });
});

describe('account details', () => {
  it('an Individual saves individual details; an Organization may not (403)', async () => {
    const student = await seedStudent(server.db);
    const saved = await server.call('/api/individual/profile', {
      token: await server.tokenFor(student.id),
      body: { profile: { name: 'Asha V', headline: 'Engineer', website: 'https://asha.dev' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.profileDetails.individual).toMatchObject({
      name: 'Asha V',
      headline: 'Engineer',
      website: 'https://asha.dev',
    });

    const org = await seedOrganization(server.db);
    const refused = await server.call('/api/individual/profile', {
      token: await server.tokenFor(org.id),
      body: { profile: { name: 'X' } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.code).toBe('FORBIDDEN');
  });

  it('an Organization saves organization details; an Individual may not (403); signed out 401', async () => {
    const org = await seedOrganization(server.db);
    const saved = await server.call('/api/organization/profile', {
      token: await server.tokenFor(org.id),
      body: { profile: { name: 'Acme', size: '11-50', locations: ['Pune'], contactEmail: 'Jobs@Acme.example' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.profileDetails.organization).toMatchObject({
      name: 'Acme',
      contactEmail: 'jobs@acme.example',
    });
    const student = await seedStudent(server.db);
    expect(
      (
        await server.call('/api/organization/profile', {
          token: await server.tokenFor(student.id),
          body: { profile: { name: 'X' } },
        })
      ).status,
    ).toBe(403);
    expect((await server.call('/api/organization/profile', { body: { profile: { name: 'X' } } })).status).toBe(401);
  });

  it('names each bad field', async () => {
    const student = await seedStudent(server.db);
    const { status, body } = await server.call('/api/individual/profile', {
      token: await server.tokenFor(student.id),
      body: { profile: { name: '', website: 'ftp://x', dateOfBirth: '31/12/2000' } },
    });
    expect(status).toBe(400);
    expect(body.exception.error.fields.map((field: { field: string }) => field.field).sort()).toEqual([
      'profile.dateOfBirth',
      'profile.name',
      'profile.website',
    ]);
  });

  it('a user without an account type cannot save individual details yet', async () => {
    const user = await seedNewUser(server.db);
    const { status, body } = await server.call('/api/individual/profile', {
      token: await server.tokenFor(user.id),
      body: { profile: { name: 'N' } },
    });
    expect(status).toBe(403);
    expect(body.exception.error.message).toBe('Choose an account type first.');
  });
});

describe('POST /api/user/update/autoFillData', () => {
  it('401 signed out', async () => {
    expect((await server.call('/api/user/update/autoFillData', { body: { autoFillData: {} } })).status).toBe(401);
  });

  it('merges values and removes keys set to null', async () => {
    const user = await seedStudent(server.db);
    const token = await server.tokenFor(user.id);
    await server.call('/api/user/update/autoFillData', {
      token,
      body: { autoFillData: { name: 'Asha', skills: ['Go', 'SQL'] } },
    });
    const { status, body } = await server.call('/api/user/update/autoFillData', {
      token,
      body: { autoFillData: { skills: null, graduationYear: 2027 } },
    });
    expect(status).toBe(200);
    expect(body.result.data.autoFillData).toEqual({ name: 'Asha', graduationYear: 2027 });
  });

  it('rejects unknown keys, naming them', async () => {
    const user = await seedStudent(server.db);
    const { status, body } = await server.call('/api/user/update/autoFillData', {
      token: await server.tokenFor(user.id),
      body: { autoFillData: { favouriteColour: 'blue' } },
    });
    expect(status).toBe(400);
    expect(body.exception.error.fields).toEqual([{ field: 'autoFillData.favouriteColour', message: 'Unknown field' }]);
  });
});

describe('hardening (issue #10, defect 8)', () => {
  it('signed-in JSON answers are never stored by caches', async () => {
    const user = await seedStudent(server.db);
    const token = await server.tokenFor(user.id);
    for (const path of ['/api/user/profile', '/api/user/skills']) {
      const { status, response } = await server.call(path, { token });
      expect(status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const signedIn = await server.call('/api/user/signIn', { token, body: {} });
    expect(signedIn.response.headers.get('cache-control')).toBe('no-store');
    const refused = await server.call('/api/user/profile');
    expect(refused.response.headers.get('cache-control')).toBe('no-store');
    const invalid = await server.call('/api/user/profile', { token, body: { phoneNumbers: 'none' } });
    expect(invalid.status).toBe(400);
    expect(invalid.response.headers.get('cache-control')).toBe('no-store');
    const unknown = await server.call('/api/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.response.headers.get('cache-control')).toBe('no-store');
    // A route that chose its own policy keeps it.
    const config = await server.call('/api/config');
    expect(config.response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('POST /api/user/signIn is rate-limited, signed in or not', async () => {
    const limited = await startTestServer({ rateLimitAuthPerMinute: 2 });
    try {
      const user = await seedStudent(limited.db);
      const token = await limited.tokenFor(user.id);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.call('/api/user/signIn', { token, body: {} })).status);
      expect(statuses).toContain(429);
      expect(statuses[0]).toBe(200);
      const anonymous = await limited.call('/api/user/signIn', { body: {} });
      expect(anonymous.status).toBe(429);
      expect(anonymous.body.exception.error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
