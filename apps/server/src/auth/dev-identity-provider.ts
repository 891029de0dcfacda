import { randomBytes } from 'node:crypto';
import { z } from '@placely/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { takeOverResponse } from '../http/take-over';

/**
 * A real OpenID Connect provider for development and tests, mounted at /oidc. It accepts any email
 * address on a one-page form, so the very same popup flow as Google runs offline. Never in production.
 */
export const DEV_IDP_MOUNT = '/oidc';
const INTERACTION_PATH = '/dev-idp/interaction';

export interface DevIdentityProviderOptions {
  issuer: () => string;
  redirectUris: () => string[];
  /** Origins the login form may redirect to after posting (the web app's origins). */
  formActionOrigins: () => string[];
  clientId: string;
  clientSecret: string;
}

interface DevAccount {
  email: string;
  name: string;
}

const loginFormSchema = z.object({
  email: z.email({ message: 'Enter a valid email address.' }).max(254),
  name: z.string().trim().max(120).optional(),
});

export async function registerDevIdentityProvider(app: FastifyInstance, options: DevIdentityProviderOptions) {
  const accounts = new Map<string, DevAccount>();
  let provider: Promise<Provider> | undefined;

  async function createProvider(): Promise<Provider> {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'dev-1', alg: 'RS256', use: 'sig' };
    const configuration: Configuration = {
      clients: [
        {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uris: options.redirectUris(),
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      // Short lives: this provider only completes one popup sign-in at a time (seconds).
      ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 300, IdToken: 300, AuthorizationCode: 60 },
      interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
      findAccount: (_ctx, accountId) => {
        const account = accounts.get(accountId);
        if (!account) return undefined;
        return {
          accountId,
          claims: () => ({ sub: accountId, email: account.email, email_verified: true, name: account.name }),
        };
      },
      renderError: (ctx, out) => {
        ctx.type = 'html';
        ctx.body = page('Sign-in error', `<p>${escapeHtml(String(out.error_description ?? out.error))}</p>`);
      },
    };
    const instance = new Provider(options.issuer(), configuration);
    instance.proxy = true;
    return instance;
  }
  const getProvider = () => {
    provider ??= createProvider();
    return provider;
  };

  /** oidc-provider reads its own request bodies, so this scope leaves them unparsed. */
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handle = async (request: { raw: import('node:http').IncomingMessage }, reply: FastifyReply) => {
      const instance = await getProvider();
      const response = takeOverResponse(reply);
      // Like an Express mount: oidc-provider derives its mount path from originalUrl vs url.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(DEV_IDP_MOUNT.length) || '/';
      response.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
      instance.callback()(request.raw, response);
    };
    scope.all(`${DEV_IDP_MOUNT}/*`, { schema: { hide: true } }, handle);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
      reply.header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${options.formActionOrigins().join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
      );
      reply.header('Cache-Control', 'no-store');
    });

    scope.get<{ Params: { uid: string } }>(
      `${INTERACTION_PATH}/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const instance = await getProvider();
        const details = await instance.interactionDetails(request.raw, reply.raw);
        if (details.prompt.name === 'consent') {
          return finish(reply, instance, request.raw, { consent: { grantId: await grantFor(instance, details) } });
        }
        return reply.type('text/html').send(loginPage(request.params.uid));
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${INTERACTION_PATH}/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const instance = await getProvider();
        const details = await instance.interactionDetails(request.raw, reply.raw);
        const form = loginFormSchema.safeParse(request.body ?? {});
        if (!form.success) {
          const message = form.error.issues[0]?.message ?? 'Check the form.';
          return reply
            .status(400)
            .type('text/html')
            .send(loginPage(request.params.uid, message, request.body?.email, request.body?.name));
        }
        const email = form.data.email.toLowerCase();
        const accountId = `dev|${email}`;
        accounts.set(accountId, { email, name: form.data.name || email.split('@')[0] || email });
        const grantId = await grantFor(instance, { ...details, session: { accountId } });
        return finish(reply, instance, request.raw, { login: { accountId }, consent: { grantId } });
      },
    );

    scope.post<{ Params: { uid: string } }>(
      `${INTERACTION_PATH}/:uid/abort`,
      { schema: { hide: true } },
      async (request, reply) => {
        const instance = await getProvider();
        return finish(reply, instance, request.raw, {
          error: 'access_denied',
          error_description: 'The person cancelled sign-in.',
        });
      },
    );
  });

  async function grantFor(
    instance: Provider,
    details: {
      params: Record<string, unknown>;
      session?: { accountId: string } | undefined;
      grantId?: string | undefined;
    },
  ): Promise<string> {
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id);
    if (!accountId) throw new Error('no account in the interaction');
    const grant = details.grantId ? await instance.Grant.find(details.grantId) : undefined;
    const target = grant ?? new instance.Grant({ accountId, clientId });
    target.addOIDCScope('openid email profile');
    return target.save();
  }

  async function finish(
    reply: FastifyReply,
    instance: Provider,
    raw: import('node:http').IncomingMessage,
    result: Parameters<Provider['interactionFinished']>[2],
  ) {
    const response = takeOverResponse(reply);
    response.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
    await instance.interactionFinished(raw, response, result, { mergeWithLastSubmission: false });
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:Roboto,system-ui,sans-serif;margin:0;background:#f5f7fb;color:#1c2430}
main{max-width:360px;margin:32px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}p.note{font-size:13px;color:#5b6573;margin:0 0 20px}
label{display:block;font-size:14px;font-weight:500;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #b8c2d0;border-radius:6px}
input:focus,button:focus{outline:3px solid #5CBBF6;outline-offset:1px}.actions{display:flex;flex-direction:row-reverse;gap:8px;margin-top:20px}
button{flex:1;padding:10px;font-size:15px;border-radius:6px;border:0;cursor:pointer}button.primary{background:#1867C0;color:#fff}
button.secondary{background:#e8edf4;color:#1c2430}.error{color:#b3261e;font-size:14px;margin-top:12px}
</style></head><body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, error?: string, email = '', name = ''): string {
  const base = `${INTERACTION_PATH}/${encodeURIComponent(uid)}`;
  return page(
    'Sign in · Development identity provider',
    `<h1>Sign in</h1><p class="note">Development identity provider — stands in for Google on this machine. Any address works.</p>
<form method="post" action="${base}/login" novalidate>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(email)}">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(name)}">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<div class="actions"><button class="primary" type="submit">Continue</button><button class="secondary" type="submit" formaction="${base}/abort" formnovalidate>Cancel</button></div>
</form>`,
  );
}
