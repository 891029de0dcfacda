import { createHmac } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@placely/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const secret = new TextEncoder().encode('a-test-secret-of-enough-length-0123456789');
const tokens = createTokenService(secret);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs any header and claims with the server's secret, the way an attacker who knew it could not — so each test
 * isolates one rule. */
function signed(header: Record<string, unknown>, claims: Record<string, unknown>, key: Uint8Array = secret): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}
const valid = () => ({ sub: '42', sid: 'family-1', iss: 'placely', aud: 'placely-api', iat: now(), exp: now() + 60 });

async function refusal(token: string): Promise<string> {
  try {
    await tokens.verifyAccessToken(token);
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'accepted';
}

describe('access tokens', () => {
  it('verifies what it issues', async () => {
    const { accessToken } = await tokens.issueAccessToken({ userId: 42, sessionId: 'family-1' });
    expect(await tokens.verifyAccessToken(accessToken)).toEqual({ userId: 42, sessionId: 'family-1' });
    expect(await tokens.verifyAccessToken(signed({ alg: 'HS256' }, valid()))).toEqual({
      userId: 42,
      sessionId: 'family-1',
    });
  });

  it('accepts tokens signed by jose with an audience list', async () => {
    const token = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('placely')
      .setAudience(['other', 'placely-api'])
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(secret);
    expect(await tokens.verifyAccessToken(token)).toEqual({ userId: 7, sessionId: 's' });
  });

  it('refuses forged, altered and malformed tokens', async () => {
    const good = signed({ alg: 'HS256' }, valid());
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const cases = {
      otherKey: signed({ alg: 'HS256' }, valid(), new TextEncoder().encode('another-secret-entirely-0123456789abcd')),
      algNone: `${b64({ alg: 'none' })}.${payload}.`,
      algHs512: signed({ alg: 'HS512' }, valid()),
      crit: signed({ alg: 'HS256', crit: ['b64'] }, valid()),
      payloadChanged: `${header}.${b64({ ...valid(), sub: '1' })}.${signature}`,
      signatureTruncated: `${header}.${payload}.${signature.slice(0, -2)}`,
      signatureNonCanonical: `${header}.${payload}.${signature}=`,
      twoParts: `${header}.${payload}`,
      notJson: signed({ alg: 'HS256' }, valid()).replace(payload, Buffer.from('not json').toString('base64url')),
      empty: '',
    };
    for (const [name, token] of Object.entries(cases)) {
      expect([name, await refusal(token)]).toEqual([name, 'UNAUTHENTICATED']);
    }
  });

  it('requires exp, iat and sub, our issuer and audience, and honours nbf', async () => {
    const { exp: _exp, ...noExp } = valid();
    const { iat: _iat, ...noIat } = valid();
    const { sub: _sub, ...noSub } = valid();
    const cases = {
      noExp,
      noIat,
      noSub,
      stringExp: { ...valid(), exp: String(now() + 60) },
      otherIssuer: { ...valid(), iss: 'someone-else' },
      otherAudience: { ...valid(), aud: 'placely-unsubscribe' },
      notYetValid: { ...valid(), nbf: now() + 600 },
      subNotANumber: { ...valid(), sub: 'abc' },
      noSession: { ...valid(), sid: undefined },
      // Correctly signed, but living past the configured lifetime: exp in 2100.
      livesTooLong: { ...valid(), exp: Date.UTC(2100, 0, 1) / 1000 },
      livesOneSecondTooLong: { ...valid(), exp: now() + ACCESS_TOKEN_TTL_SECONDS + 1 },
    };
    for (const [name, claims] of Object.entries(cases)) {
      expect([name, await refusal(signed({ alg: 'HS256' }, claims))]).toEqual([name, 'UNAUTHENTICATED']);
    }
  });

  it('tells an expired token apart, so the client refreshes', async () => {
    expect(await refusal(signed({ alg: 'HS256' }, { ...valid(), exp: now() - 1 }))).toBe('TOKEN_EXPIRED');
  });
});
