import { describe, expect, it } from 'vitest';
import { loadConfig } from './app-config';
import { ConfigError } from './config-error';

const BASE = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/alumlink-oidc-config-test' };
const PRODUCTION = { ...BASE, NODE_ENV: 'production', PUBLIC_URL: 'https://alumni.example.org' };
const ALL = { OIDC_ISSUER: 'https://id.example.org/', OIDC_CLIENT_ID: 'alumlink', OIDC_CLIENT_SECRET: 'secret' };

describe('single sign-on configuration', () => {
  it('is off without the variables, on with all three (default button text, trailing slash dropped)', () => {
    expect(loadConfig(BASE).oidc).toBeNull();
    expect(loadConfig({ ...BASE, ...ALL }).oidc).toEqual({
      issuer: 'https://id.example.org',
      clientId: 'alumlink',
      clientSecret: 'secret',
      label: 'Sign in with single sign-on',
    });
    expect(loadConfig({ ...BASE, ...ALL, OIDC_LABEL: 'Sign in with Acme' }).oidc?.label).toBe('Sign in with Acme');
  });

  it('refuses to start in production with only some of them, naming the missing ones', () => {
    expect(() => loadConfig({ ...PRODUCTION, OIDC_ISSUER: ALL.OIDC_ISSUER })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, OIDC_ISSUER: ALL.OIDC_ISSUER, OIDC_CLIENT_ID: 'a' })).toThrow(/OIDC_CLIENT_SECRET missing/);
    // Elsewhere it stays off.
    expect(loadConfig({ ...BASE, OIDC_ISSUER: ALL.OIDC_ISSUER }).oidc).toBeNull();
  });

  it('refuses an http:// issuer in production and a malformed one anywhere', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...ALL, OIDC_ISSUER: 'http://id.example.org' })).toThrow(/https/);
    expect(() => loadConfig({ ...BASE, ...ALL, OIDC_ISSUER: 'id.example.org' })).toThrow(/OIDC_ISSUER must be a URL/);
  });
});
