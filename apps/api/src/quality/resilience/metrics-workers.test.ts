// Issue #41: GET /metrics on a server with two workers answers for the whole instance, whichever
// worker the scrape reaches (prom-client's cluster aggregator in the primary). Two workers need
// PostgreSQL and Redis, so this file runs only with TEST_DATABASE_URL and TEST_REDIS_URL.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/index';
import { startServerProcess, type ServerProcess } from './support/server-process';

const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(redisUrl && process.env.TEST_DATABASE_URL);

let t: TestApp;
let server: ServerProcess;

/** GET on a connection of its own (no keep-alive): node:cluster hands each new connection to the next worker. */
function getOnNewConnection(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.baseUrl}${path}`, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.runIf(enabled)('GET /metrics with WEB_CONCURRENCY=2 (PostgreSQL + Redis)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    if (t.database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    server = await startServerProcess({
      DATABASE_URL: String(t.database.driver.pool.options.connectionString),
      REDIS_URL: redisUrl ?? '',
      WEB_CONCURRENCY: '2',
    });
  });
  afterAll(async () => {
    await server?.kill();
    await t?.close();
  });

  it('gives one answer for both workers, whichever of them is asked', async () => {
    const HEALTH_CHECKS = 20;
    for (let index = 0; index < HEALTH_CHECKS; index += 1) expect((await getOnNewConnection('/healthz')).status).toBe(200);
    const series = 'http_request_duration_seconds_count{method="GET",route="/healthz",status_class="2xx"}';
    // Each scrape on a new connection: the two scrapes reach different workers in turn.
    const answers = [await getOnNewConnection('/metrics'), await getOnNewConnection('/metrics'), await getOnNewConnection('/metrics')];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // Each worker served about half: only the sum across workers makes all of them.
      expect(sample(answer.body, series)).toBe(HEALTH_CHECKS);
      // Aggregated, not listed per worker: one sample per series.
      expect(answer.body.split('\n').filter((line) => line.startsWith('alumlink_outbox_pending ')).length).toBe(1);
      // The jobs run in production (BACKGROUND_JOBS defaults to on), in both workers.
      expect(sample(answer.body, 'alumlink_job_failures_total{job="mail-delivery"}')).toBe(0);
    }
    expect(sample(answers[2]?.body ?? '', 'alumlink_job_last_success_timestamp_seconds{job="mail-delivery"}')).toBeGreaterThan(
      Date.now() / 1000 - 120,
    );
  });
});
