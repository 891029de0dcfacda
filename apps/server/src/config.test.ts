import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, google: undefined, isProduction: false });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'id-only' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('refuses the development identity provider in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://placely.app',
        DATABASE_URL: 'postgres://db/placely',
      }),
    ).toThrow(/GOOGLE_CLIENT_ID: is required in production/);
  });

  it('refuses the development SMS sender in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://placely.app/',
        DATABASE_URL: 'postgres://db/placely',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
      }),
    ).toThrow(/SMS_HTTP_URL: is required in production/);
  });

  it('refuses the development mail outbox in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://placely.app/',
        DATABASE_URL: 'postgres://db/placely',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        SMS_HTTP_URL: 'https://sms.example/send',
      }),
    ).toThrow(/SMTP_URL: is required in production/);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://placely.app/',
      DATABASE_URL: 'postgres://db/placely',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMTP_URL: 'smtp://mail.example:587',
      SMS_HTTP_TOKEN: 'token',
    });
    expect(config.publicUrl).toBe('https://placely.app');
    expect(config.sms).toEqual({ url: 'https://sms.example/send', token: 'token', from: 'Placely' });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.smtpUrl).toBe('smtp://mail.example:587');
  });

  it('reads the verification admins as a lower-cased list and names a bad address', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).verificationAdminEmails).toEqual([]);
    expect(
      loadConfig({ NODE_ENV: 'test', VERIFICATION_ADMIN_EMAILS: ' Ops@Placely.app, trust@placely.app ,' })
        .verificationAdminEmails,
    ).toEqual(['ops@placely.app', 'trust@placely.app']);
    expect(() => loadConfig({ NODE_ENV: 'test', VERIFICATION_ADMIN_EMAILS: 'ops@placely.app,nope' })).toThrow(
      /VERIFICATION_ADMIN_EMAILS/,
    );
  });
});
