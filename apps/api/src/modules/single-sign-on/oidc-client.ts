import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config';
import type { SignInState } from './sign-in-state-cookie';
import { STATE_TTL_SECONDS } from './sign-in-state-cookie';

/** The person the provider signed in, as far as linking an account needs. */
export type ProviderIdentity = { subject: string; email: string | null; emailVerified: boolean; firstName: string; lastName: string };

/**
 * The provider's metadata, discovered once per process (on the first sign-in, not at start, so a
 * provider that is down does not stop the server); a failed discovery is tried again next time.
 */
const discoveries = new WeakMap<OidcConfig, Promise<oidc.Configuration>>();

function providerOf(config: OidcConfig): Promise<oidc.Configuration> {
  let discovery = discoveries.get(config);
  if (!discovery) {
    // http:// issuers only outside production (config/oidc.ts refuses them there): test and local providers.
    const insecure = new URL(config.issuer).protocol === 'http:';
    discovery = oidc.discovery(
      new URL(config.issuer),
      config.clientId,
      config.clientSecret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : {},
    );
    discovery.catch(() => discoveries.delete(config));
    discoveries.set(config, discovery);
  }
  return discovery;
}

/** Starts a sign-in: the provider's authorization URL (code flow, PKCE S256, state, nonce) and what the callback must check. */
export async function beginSignIn(
  config: OidcConfig,
  redirectUri: string,
  now: Date = new Date(),
): Promise<{ url: URL; state: SignInState }> {
  const provider = await providerOf(config);
  const verifier = oidc.randomPKCECodeVerifier();
  const state: SignInState = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    expiresAt: now.getTime() + STATE_TTL_SECONDS * 1000,
  };
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: state.state,
    nonce: state.nonce,
  });
  return { url, state };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Finishes it: redeems the authorization code of `callbackUrl` (the redirect URI with the
 * provider's query) with the PKCE verifier, checks the state and the ID token's nonce, and reads
 * the person's e-mail from the ID token, else from the UserInfo endpoint. Throws when any check fails.
 */
export async function finishSignIn(config: OidcConfig, callbackUrl: URL, expected: SignInState): Promise<ProviderIdentity> {
  const provider = await providerOf(config);
  const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
    pkceCodeVerifier: expected.verifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error('the provider returned no ID token');
  let claims: Record<string, unknown> = idToken;
  if (typeof idToken.email !== 'string' || idToken.email_verified === undefined) {
    claims = { ...(await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub)), ...idToken };
  }
  const email = text(claims.email).toLowerCase();
  return {
    subject: idToken.sub,
    email: email === '' ? null : email,
    // Some providers send the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
}
