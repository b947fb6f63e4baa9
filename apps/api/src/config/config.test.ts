import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, decideSeedDemo, devMailboxEnabled, loadConfig, MAX_DEFAULT_WORKERS, REPO_ROOT } from './index';

const SECRET = 'x'.repeat(40);
const PUBLIC_URL = 'https://alumni.example.org';
const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-config-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('applies the defaults of the embedded setup', () => {
    const config = loadConfig({ JWT_SECRET: SECRET });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.nodeEnv).toBe('development');
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.mediaDir).toBe(path.join(REPO_ROOT, 'data', 'media'));
    expect(config.webDistDir).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(config.databaseUrl).toBeNull();
    expect(config.siteName).toBe('AlumLink');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.devMailbox).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('resolves the repo root from its own location, not from the working directory', () => {
    expect(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).toContain('"workspaces"');
  });

  it('reads every variable and treats blank ones as unset', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/alumlink',
      DATABASE_URL: 'postgres://app@db:5432/alumlink',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      MAIL_FROM: 'Alumni <hello@example.org>',
      PUBLIC_URL: 'https://alumni.example.org/',
      SITE_NAME: 'Alumni Hub',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '2',
      DEV_MAILBOX: 'off',
      SEED_DEMO: '',
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/alumlink',
      databaseUrl: 'postgres://app@db:5432/alumlink',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      mailFrom: 'Alumni <hello@example.org>',
      publicUrl: 'https://alumni.example.org',
      siteName: 'Alumni Hub',
      jwtSecret: SECRET,
      logLevel: 'warn',
      trustProxy: 2,
      devMailbox: false,
      // With PostgreSQL the demo is not seeded unless asked for.
      seedDemo: false,
    });
    expect(loadConfig({ JWT_SECRET: SECRET, DATABASE_URL: 'postgres://h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('reads MAX_REQUESTS_IN_FLIGHT (default 128)', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).maxRequestsInFlight).toBe(128);
    expect(loadConfig({ JWT_SECRET: SECRET, MAX_REQUESTS_IN_FLIGHT: '512' }).maxRequestsInFlight).toBe(512);
    for (const text of ['0', '1.5', 'many']) {
      expect(configError({ JWT_SECRET: SECRET, MAX_REQUESTS_IN_FLIGHT: text })).toBe(
        'Invalid environment: MAX_REQUESTS_IN_FLIGHT must be an integer between 1 and 100000',
      );
    }
  });

  it('reads DATABASE_POOL_SIZE (default 4 connections per worker)', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).databasePoolSize).toBe(4);
    expect(loadConfig({ JWT_SECRET: SECRET, DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    for (const text of ['0', '101', '2.5', 'few']) {
      expect(configError({ JWT_SECRET: SECRET, DATABASE_POOL_SIZE: text })).toBe(
        'Invalid environment: DATABASE_POOL_SIZE must be an integer between 1 and 100',
      );
    }
  });

  it('reads DATABASE_PIPELINE_SIZE (default 2 pipelined connections per worker)', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).databasePipelineSize).toBe(2);
    expect(loadConfig({ JWT_SECRET: SECRET, DATABASE_PIPELINE_SIZE: '6' }).databasePipelineSize).toBe(6);
    for (const text of ['0', '101', '2.5', 'few']) {
      expect(configError({ JWT_SECRET: SECRET, DATABASE_PIPELINE_SIZE: text })).toBe(
        'Invalid environment: DATABASE_PIPELINE_SIZE must be an integer between 1 and 100',
      );
    }
  });

  it('reads RATE_LIMIT_MULTIPLIER (default 1)', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).rateLimitMultiplier).toBe(1);
    expect(loadConfig({ JWT_SECRET: SECRET, RATE_LIMIT_MULTIPLIER: '50' }).rateLimitMultiplier).toBe(50);
    expect(configError({ JWT_SECRET: SECRET, RATE_LIMIT_MULTIPLIER: 'lots' })).toBe(
      'Invalid environment: RATE_LIMIT_MULTIPLIER must be a number between 0.01 and 10000',
    );
    expect(configError({ JWT_SECRET: SECRET, RATE_LIMIT_MULTIPLIER: '0' })).toBe(
      'Invalid environment: RATE_LIMIT_MULTIPLIER must be a number between 0.01 and 10000',
    );
  });

  it('runs one worker per core (at most 8) on PostgreSQL with Redis, one otherwise', () => {
    const pg = { JWT_SECRET: SECRET, DATABASE_URL: 'postgres://h/db' };
    const both = { ...pg, REDIS_URL: 'redis://h:6379' };
    expect(loadConfig({ JWT_SECRET: SECRET }).webConcurrency).toBe(1);
    expect(loadConfig(pg).webConcurrency).toBe(1);
    expect(loadConfig(both).webConcurrency).toBe(Math.min(os.availableParallelism(), MAX_DEFAULT_WORKERS));
    expect(loadConfig({ ...both, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ JWT_SECRET: SECRET, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('refuses several workers on the embedded database or without Redis, in one line', () => {
    expect(configError({ JWT_SECRET: SECRET, WEB_CONCURRENCY: '2' })).toBe(
      'Invalid environment: WEB_CONCURRENCY must be 1 on the embedded database (one process owns DATA_DIR); set DATABASE_URL to run several workers',
    );
    expect(configError({ JWT_SECRET: SECRET, DATABASE_URL: 'postgres://h/db', WEB_CONCURRENCY: '2' })).toBe(
      'Invalid environment: WEB_CONCURRENCY above 1 needs REDIS_URL (workers share rate limits and live events through Redis)',
    );
    expect(configError({ JWT_SECRET: SECRET, WEB_CONCURRENCY: 'all' })).toBe(
      'Invalid environment: WEB_CONCURRENCY must be an integer between 1 and 64',
    );
    expect(configError({ JWT_SECRET: SECRET, WEB_CONCURRENCY: '0' })).toBe(
      'Invalid environment: WEB_CONCURRENCY must be an integer between 1 and 64',
    );
  });

  it('stops on a bad value with one line naming the variable', () => {
    expect(configError({ JWT_SECRET: SECRET, PORT: 'abc' })).toBe('Invalid environment: PORT must be an integer between 1 and 65535');
    expect(configError({ JWT_SECRET: SECRET, PORT: '70000' })).toBe('Invalid environment: PORT must be an integer between 1 and 65535');
    expect(configError({ JWT_SECRET: SECRET, DATABASE_URL: 'mysql://x' })).toBe(
      'Invalid environment: DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    );
    expect(configError({ JWT_SECRET: SECRET, SEED_DEMO: 'maybe' })).toBe('Invalid environment: SEED_DEMO must be true or false');
    expect(configError({ JWT_SECRET: 'short' })).toBe('Invalid environment: JWT_SECRET must be at least 32 characters');
    expect(configError({ JWT_SECRET: SECRET, LOG_LEVEL: 'loud' })).toMatch(/^Invalid environment: LOG_LEVEL must be one of /);
    expect(configError({ JWT_SECRET: SECRET, NODE_ENV: 'staging' })).not.toContain('\n');
  });

  it('generates the JWT secret once, with mode 600, and reuses it', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    const otherDir = tempDir();
    expect(loadConfig({ DATA_DIR: otherDir }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('refuses production without JWT_SECRET, in one line naming it, and writes no generated secret', () => {
    const dataDir = tempDir();
    const message = configError({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(message).toMatch(/^Invalid environment: JWT_SECRET is required when NODE_ENV=production/);
    expect(message).not.toContain('\n');
    expect(() => readFileSync(path.join(dataDir, 'jwt-secret'))).toThrow();
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, PUBLIC_URL, DATA_DIR: dataDir }).jwtSecret).toBe(SECRET);
  });

  it('refuses production without PUBLIC_URL, in one line naming it (e-mailed links would point at localhost)', () => {
    const message = configError({ NODE_ENV: 'production', JWT_SECRET: SECRET, DATA_DIR: tempDir() });
    expect(message).toMatch(/^Invalid environment: PUBLIC_URL is required when NODE_ENV=production/);
    expect(message).not.toContain('\n');
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      PUBLIC_URL: 'https://alumni.example.org',
      DATA_DIR: tempDir(),
    });
    expect(config.publicUrl).toBe('https://alumni.example.org');
  });

  it('seeds the demo on the embedded default outside production only, unless SEED_DEMO says otherwise', () => {
    expect(decideSeedDemo({ nodeEnv: 'development', databaseUrl: null, seedDemo: undefined })).toBe(true);
    expect(decideSeedDemo({ nodeEnv: 'test', databaseUrl: null, seedDemo: undefined })).toBe(true);
    expect(decideSeedDemo({ nodeEnv: 'production', databaseUrl: null, seedDemo: undefined })).toBe(false);
    expect(decideSeedDemo({ nodeEnv: 'development', databaseUrl: 'postgres://h/db', seedDemo: undefined })).toBe(false);
    expect(decideSeedDemo({ nodeEnv: 'production', databaseUrl: null, seedDemo: true })).toBe(true);
    expect(decideSeedDemo({ nodeEnv: 'development', databaseUrl: null, seedDemo: false })).toBe(false);
    // Through the environment: production on the embedded database does not seed by itself.
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, PUBLIC_URL, DATA_DIR: tempDir() }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, PUBLIC_URL, DATA_DIR: tempDir(), SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses/CIDRs, never "trust everything"', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const everything of ['true', 'TRUE', '*', 'all', 'yes']) {
      const message = configError({ JWT_SECRET: SECRET, TRUST_PROXY: everything });
      expect(message).toMatch(/^Invalid environment: TRUST_PROXY=\S+ would trust every address/);
      expect(message).toContain('e.g. 1');
      expect(message).not.toContain('\n');
    }
    expect(configError({ JWT_SECRET: SECRET, TRUST_PROXY: '10.0.0.5,proxy.internal' })).toMatch(
      /^Invalid environment: TRUST_PROXY has "proxy.internal", which is not an address or CIDR/,
    );
    expect(configError({ JWT_SECRET: SECRET, TRUST_PROXY: '10.0.0.0/33' })).toMatch(/^Invalid environment: TRUST_PROXY has "10.0.0.0\/33"/);
    expect(configError({ JWT_SECRET: SECRET, TRUST_PROXY: '99' })).toBe(
      'Invalid environment: TRUST_PROXY must be a hop count between 0 and 10',
    );
  });

  it('opens the dev mailbox only on the embedded default without SMTP, outside production, unless DEV_MAILBOX=off', () => {
    const dataDir = tempDir();
    const embedded = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir });
    expect(devMailboxEnabled(embedded)).toBe(true);
    expect(devMailboxEnabled(loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir, DEV_MAILBOX: 'on' }))).toBe(true);
    expect(devMailboxEnabled(loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir, DEV_MAILBOX: 'off' }))).toBe(false);
    expect(
      devMailboxEnabled(loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir, DATABASE_URL: 'postgres://h/db', DEV_MAILBOX: 'on' })),
    ).toBe(false);
    expect(devMailboxEnabled(loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir, SMTP_URL: 'smtp://mail:25', DEV_MAILBOX: 'on' }))).toBe(
      false,
    );
    expect(
      devMailboxEnabled(loadConfig({ JWT_SECRET: SECRET, PUBLIC_URL, DATA_DIR: dataDir, NODE_ENV: 'production', DEV_MAILBOX: 'on' })),
    ).toBe(false);
    expect(configError({ JWT_SECRET: SECRET, DEV_MAILBOX: 'maybe' })).toBe('Invalid environment: DEV_MAILBOX must be on or off');
  });
});
