import { describe, expect, it } from 'vitest';
import { closedLoopKeys, DEFAULT_BENCH_REDIS_URL, parseBenchOptions, workerEnv } from './options';

const POSTGRES = { BENCH_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };

describe('--workers', () => {
  it('refuses more than one worker on PGlite, saying why', () => {
    expect(() => parseBenchOptions(['--workers', '2'], {})).toThrow(/--workers above 1 needs PostgreSQL.*BENCH_DATABASE_URL/);
  });

  it('gives a server of several workers WEB_CONCURRENCY and Redis (BENCH_REDIS_URL, or the local default)', () => {
    expect(workerEnv(parseBenchOptions(['--workers', '2'], POSTGRES))).toEqual({
      WEB_CONCURRENCY: '2',
      REDIS_URL: DEFAULT_BENCH_REDIS_URL,
    });
    const chosen = parseBenchOptions(['--workers', '3'], { ...POSTGRES, BENCH_REDIS_URL: 'redis://cache:6380' });
    expect(workerEnv(chosen)).toEqual({ WEB_CONCURRENCY: '3', REDIS_URL: 'redis://cache:6380' });
  });

  it('runs one worker by default, with Redis only when BENCH_REDIS_URL asks for it', () => {
    expect(workerEnv(parseBenchOptions([], {}))).toEqual({ WEB_CONCURRENCY: '1' });
    expect(workerEnv(parseBenchOptions([], POSTGRES))).toEqual({ WEB_CONCURRENCY: '1' });
    const withRedis = parseBenchOptions(['--workers', '1'], { ...POSTGRES, BENCH_REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(workerEnv(withRedis)).toEqual({ WEB_CONCURRENCY: '1', REDIS_URL: 'redis://127.0.0.1:6379' });
  });

  it.each(['0', '1.5', 'two', '65'])('rejects --workers %s', (value) => {
    expect(() => parseBenchOptions(['--workers', value], POSTGRES)).toThrow(/--workers/);
  });
});

describe('the mixed scenario options', () => {
  it('runs in a full run at 1,500 requests/s for 20 s unless told otherwise', () => {
    expect(parseBenchOptions([], {})).toMatchObject({ mixed: true, mixedRate: 1_500, mixedSeconds: 20 });
    expect(parseBenchOptions(['--mixed-rate', '300', '--mixed-seconds', '5'], {})).toMatchObject({ mixedRate: 300, mixedSeconds: 5 });
    expect(parseBenchOptions(['--no-mixed'], {}).mixed).toBe(false);
    expect(parseBenchOptions(['--realtime'], {}).mixed).toBe(false);
    expect(parseBenchOptions(['--only', 'feed,search'], {}).mixed).toBe(false);
    expect(() => parseBenchOptions(['--mixed-rate', '0'], {})).toThrow(/--mixed-rate/);
  });

  it('--only mixed also runs the closed-loop feed it is judged with and the one-round-trip floor, and nothing else', () => {
    const options = parseBenchOptions(['--only', 'mixed'], {});
    expect(options.mixed).toBe(true);
    expect(closedLoopKeys(options)).toEqual(['feed', 'floor-db']);
    expect(closedLoopKeys(parseBenchOptions(['--only', 'feed,mixed,search'], {}))).toEqual(['feed', 'search', 'floor-db']);
    expect(closedLoopKeys(parseBenchOptions(['--only', 'mixed,floor-db'], {}))).toEqual(['floor-db', 'feed']);
    expect(closedLoopKeys(parseBenchOptions(['--only', 'search'], {}))).toEqual(['search']);
    expect(closedLoopKeys(parseBenchOptions([], {}))).toEqual([]);
  });
});

describe('--tokens-at-start', () => {
  it('issues tokens in steady state unless asked to issue them as the server starts', () => {
    expect(parseBenchOptions([], {}).tokensAtStart).toBe(false);
    expect(parseBenchOptions(['--tokens-at-start'], {}).tokensAtStart).toBe(true);
  });
});
