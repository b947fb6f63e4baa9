import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, createUser, type TestApp } from '../test/index';

let t: TestApp;
const clock = createTestClock(new Date());

beforeAll(async () => {
  t = await createTestApp({}, { clock, jobs: ['mail-delivery'] });
  await t.app.ready();
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of the sample `series` (name and labels exactly as printed) in a Prometheus text answer. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers this machine in the Prometheus text format, with every metric the operators watch', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    for (const name of [
      'http_request_duration_seconds',
      'alumlink_outbox_pending',
      'alumlink_outbox_oldest_age_seconds',
      'alumlink_job_last_success_timestamp_seconds',
      'alumlink_job_failures_total',
      'alumlink_ws_connections',
      'alumlink_db_pool_waiting',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
    expect(sample(response.body, 'alumlink_job_failures_total{job="mail-delivery"}')).toBe(0);
    expect(sample(response.body, 'alumlink_job_last_success_timestamp_seconds{job="mail-delivery"}')).toBe(0);
    await clock.advance(0);
    const afterRun = (await scrape()).body;
    expect(sample(afterRun, 'alumlink_job_last_success_timestamp_seconds{job="mail-delivery"}')).toBe(clock.now().getTime() / 1000);
    expect(sample(response.body, 'alumlink_ws_connections')).toBe(0);
    expect(sample(response.body, 'alumlink_db_pool_waiting')).toBe(0);
  });

  it('counts answers by route template and status class, never by raw URL', async () => {
    const person = await createUser(t.db);
    for (const id of [person.id, person.id + 100_000, person.id + 200_000]) {
      await t.app.inject({ method: 'GET', url: `/social/user-profiles/by-id/?user_id=${id}` });
      await t.app.inject({ method: 'GET', url: `/api/events/${id}/` });
    }
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345' });
    const text = (await scrape()).body;
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/events/:id/",status_class="4xx"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/social/user-profiles/by-id/",status_class="4xx"}')).toBe(
      3,
    );
    expect(text).not.toContain(`/api/events/${person.id}/`);
    expect(text).not.toContain('/no/such/page');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="(unmatched)",status_class="4xx"}')).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('shows the outbox: how many wait and how old the oldest is', async () => {
    await t.app.mailer.enqueue(t.db, { to: 'waiting@example.com', subject: 'Waiting', text: 'Hi.', html: null });
    const text = (await scrape()).body;
    expect(sample(text, 'alumlink_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'alumlink_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    await t.app.mailer.deliverPending(new Date(Date.now() + 1_000));
    expect(sample((await scrape()).body, 'alumlink_outbox_pending')).toBe(0);
  });

  it('refuses other machines without METRICS_TOKEN, and requests a proxy relayed from this machine', async () => {
    const outside = await scrape({}, '203.0.113.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'permission_denied' });
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let withToken: TestApp;
  const token = 'scrape-token-0123456789abcdef';
  beforeAll(async () => {
    withToken = await createTestApp({ metricsToken: token }, { database: t.database });
  });
  afterAll(() => withToken.close());

  it('answers another machine with the token, 401 without it or with a wrong one', async () => {
    const from = (headers: Record<string, string>) =>
      withToken.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '198.51.100.4' });
    expect((await from({})).statusCode).toBe(401);
    expect((await from({ authorization: 'Bearer wrong-token-0123456789abcdef' })).statusCode).toBe(401);
    expect((await from({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });
});

describe('METRICS=off (the bench measures what the per-request histogram costs)', () => {
  it('observes no request, and /metrics still answers', async () => {
    const off = await createTestApp({ requestMetrics: false }, { database: t.database });
    try {
      expect((await off.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const response = await off.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('http_request_duration_seconds_count{');
      expect(response.body).toContain('# TYPE alumlink_outbox_pending ');
    } finally {
      await off.close();
    }
  });
});
