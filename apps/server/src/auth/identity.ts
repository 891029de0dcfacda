import * as oidc from 'openid-client';

export type IdentityProviderName = 'google' | 'development';

export interface VerifiedIdentity {
  provider: IdentityProviderName;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

export interface IdentityClientOptions {
  provider: IdentityProviderName;
  issuer: () => string;
  clientId: string;
  clientSecret: string;
}

export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/**
 * The relying party: builds the authorization URL (code + PKCE) and verifies the callback's ID token.
 * Discovery is lazy (the development issuer is this server, known only once it listens) and cached.
 */
export function createIdentityClient(options: IdentityClientOptions) {
  let configuration: Promise<oidc.Configuration> | undefined;

  function discover(): Promise<oidc.Configuration> {
    if (!configuration) {
      const issuer = new URL(options.issuer());
      configuration = oidc
        .discovery(
          issuer,
          options.clientId,
          undefined,
          oidc.ClientSecretBasic(options.clientSecret),
          issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          configuration = undefined;
          throw error;
        });
    }
    return configuration;
  }

  return {
    provider: options.provider,

    async beginAuthorization(redirectUri: string): Promise<{ url: URL; checks: AuthorizationChecks }> {
      const config = await discover();
      const checks: AuthorizationChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri,
      };
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      };
      if (options.provider === 'google') parameters.prompt = 'select_account';
      return { url: oidc.buildAuthorizationUrl(config, parameters), checks };
    },

    async completeAuthorization(callbackUrl: URL, checks: AuthorizationChecks): Promise<VerifiedIdentity> {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string') throw new Error('the identity provider sent no email');
      return {
        provider: options.provider,
        subject: claims.sub,
        email: claims.email.trim().toLowerCase(),
        emailVerified: claims.email_verified === true,
        name:
          typeof claims.name === 'string' && claims.name.trim()
            ? claims.name.trim()
            : claims.email.split('@')[0] || claims.email,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}
export type IdentityClient = ReturnType<typeof createIdentityClient>;
