// Issue "Safe by default", part 6: twelve parallel uploads of 36-megapixel PNGs keep the real
// server (a child process) under 1.5 GB of memory with /healthz answering within 2 s; each upload
// is accepted (201) or refused with 503 + Retry-After, never a 500. Memory and health latency are
// the assertions, not throughput, so a busy machine only makes it slower.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDirectory, type DatabaseConnection } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../test/index';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { signedInUser, tokenFor } from './support/write-load';

const UPLOADS = 12;
const SIDE = 6_000;
const MAX_PEAK_RSS_MB = 1_536;
const MAX_HEALTH_MS = 2_000;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-uploads-'));
let server: ServerProcess | null = null;
let postgres: DatabaseConnection | null = null;

afterAll(async () => {
  await server?.kill();
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A person's token on a migrated database, and the environment that points the server at it. */
async function prepareDatabase(): Promise<{ token: string; env: Record<string, string> }> {
  if (onPostgres) {
    postgres = await openTestDatabase();
    if (postgres.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const url = String(postgres.driver.pool.options.connectionString);
    return { token: await tokenFor(await signedInUser(postgres.db, 'Uploader')), env: { DATABASE_URL: url, DATA_DIR: dataDir } };
  }
  const connection = await openPgliteDirectory(dataDir);
  try {
    await runMigrations(connection);
    return { token: await tokenFor(await signedInUser(connection.db, 'Uploader')), env: { DATA_DIR: dataDir } };
  } finally {
    await connection.close();
  }
}

/**
 * A 6000 x 6000 interlaced PNG of 10 px blocks of noise (about 1 MB, under the upload limit):
 * interlacing makes the decoder hold the whole image, the worst case for memory. Made once and
 * sent by every upload (the server decodes each anew; making twelve took seconds of CPU).
 */
async function bigPng(): Promise<Buffer> {
  const blocks = SIDE / 10;
  const noise = Buffer.alloc(blocks * blocks * 3);
  let state = 2_654_435_761;
  for (let index = 0; index < noise.length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    noise[index] = state >>> 24;
  }
  return sharp(noise, { raw: { width: blocks, height: blocks, channels: 3 } })
    .resize(SIDE, SIDE, { kernel: 'nearest' })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}

function statusMegabytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : 0;
}

/**
 * GETs /healthz every 200 ms until stopped, from a process of its own (this one is busy sending
 * 12 large bodies, which would slow the probe's own timing); each answer's time, a timeout as 10 s.
 */
const HEALTH_PROBE = `
  const url = process.argv[1];
  let running = true;
  process.on('SIGTERM', () => { running = false; });
  (async () => {
    while (running) {
      const startedAt = Date.now();
      let status = null;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        status = response.status;
      } catch {}
      process.stdout.write(JSON.stringify({ status, ms: Date.now() - startedAt }) + '\\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
`;

function watchHealth(baseUrl: string) {
  const probe = spawn(process.execPath, ['-e', HEALTH_PROBE, `${baseUrl}/healthz`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  probe.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => probe.once('exit', resolve));
  return {
    stop: async (): Promise<{ status: number | null; ms: number }[]> => {
      probe.kill('SIGTERM');
      await exited;
      return output
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { status: number | null; ms: number });
    },
  };
}

async function upload(baseUrl: string, token: string, png: Blob, index: number) {
  const form = new FormData();
  form.set('caption', `Big picture ${index}`);
  form.set('image', png, `big-${index}.png`);
  const response = await fetch(`${baseUrl}/social/posts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(170_000),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
}

describe(`twelve parallel 36-megapixel uploads (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('keep the server under 1.5 GB with /healthz answering within 2 s; 201 or 503 + Retry-After each', { timeout: 240_000 }, async () => {
    const { token, env } = await prepareDatabase();
    const png = await bigPng();
    expect(png.length).toBeLessThan(10 * 1024 * 1024);
    // One Blob for every form: a Blob is immutable, so the twelve bodies share its bytes.
    const blob = new Blob([new Uint8Array(png)], { type: 'image/png' });

    server = await startServerProcess(env);
    const { pid, baseUrl } = server;
    let peakRss = statusMegabytes(pid, 'VmRSS');
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, statusMegabytes(pid, 'VmRSS'));
    }, 50);
    const health = watchHealth(baseUrl);
    let outcomes: Awaited<ReturnType<typeof upload>>[];
    try {
      outcomes = await Promise.all(Array.from({ length: UPLOADS }, (_, index) => upload(baseUrl, token, blob, index)));
    } finally {
      clearInterval(sampler);
    }
    const timings = await health.stop();
    // VmHWM is the kernel's own peak, so a spike between two samples counts too.
    const peak = Math.max(peakRss, statusMegabytes(pid, 'VmHWM'));

    if (process.env.RESILIENCE_REPORT) {
      const accepted = outcomes.filter((outcome) => outcome.status === 201).length;
      console.info(
        `uploads: ${accepted} accepted, ${UPLOADS - accepted} refused (503); peak RSS ${Math.round(peak)} MB; ` +
          `/healthz slowest ${Math.max(...timings.map((timing) => timing.ms))} ms over ${timings.length} probes`,
      );
    }
    for (const outcome of outcomes) {
      if (outcome.status === 503) {
        expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
        expect(outcome.body).toEqual({ detail: expect.any(String), code: 'busy' });
      } else {
        expect(outcome.status, JSON.stringify(outcome.body)).toBe(201);
      }
    }
    expect(outcomes.some((outcome) => outcome.status === 201)).toBe(true);
    expect(timings.length).toBeGreaterThan(0);
    expect(timings.filter((timing) => timing.status !== 200 || timing.ms > MAX_HEALTH_MS)).toEqual([]);
    expect(peak).toBeLessThan(MAX_PEAK_RSS_MB);
  });
});
