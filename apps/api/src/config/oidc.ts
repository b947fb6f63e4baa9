import { ConfigError } from './config-error';

/** Single sign-on with an OpenID Connect provider (modules/single-sign-on); null when off. */
export type OidcConfig = Readonly<{
  /** The provider's issuer URL (its discovery document is `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The text of the sign-in button, e.g. "Sign in with Acme". */
  label: string;
}>;

export const DEFAULT_OIDC_LABEL = 'Sign in with single sign-on';

type OidcVars = {
  OIDC_ISSUER?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_LABEL?: string | undefined;
};

/**
 * On when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set. Only some of them set is
 * a mistake: production refuses to start (naming the missing ones); elsewhere single sign-on stays off.
 * Production also refuses an http:// issuer (tokens and secrets would cross the network in clear).
 */
export function parseOidcConfig(vars: OidcVars, isProduction: boolean): OidcConfig | null {
  const required = { OIDC_ISSUER: vars.OIDC_ISSUER, OIDC_CLIENT_ID: vars.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: vars.OIDC_CLIENT_SECRET };
  const missing = Object.entries(required)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    if (!isProduction) return null;
    throw new ConfigError(
      `Invalid environment: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; ${missing.join(', ')} missing`,
    );
  }
  const issuer = required.OIDC_ISSUER as string;
  if (isProduction && new URL(issuer).protocol !== 'https:') {
    throw new ConfigError('Invalid environment: OIDC_ISSUER must start with https:// when NODE_ENV=production');
  }
  return Object.freeze({
    issuer: issuer.replace(/\/+$/, ''),
    clientId: required.OIDC_CLIENT_ID as string,
    clientSecret: required.OIDC_CLIENT_SECRET as string,
    label: vars.OIDC_LABEL ?? DEFAULT_OIDC_LABEL,
  });
}
