// The closed-loop HTTP part of `npm run bench`: each scenario warmed, measured and charged its server CPU.
import { cpuMillisBetween, perItem, type CpuMeter } from './cpu-meter';
import { refreshPoolNote } from './credentials';
import { buildScenarios, SCENARIO_KEYS } from './endpoints';
import { attachFeedAround, withFeedBetweenReads } from './feed-around';
import type { BenchContext } from './scenario';
import { runLoad } from './http-load';
import { MIXED_KEY, type BenchOptions } from './options';
import type { ResultRow } from './report';
import type { RunningServer } from './server-process';
import { startBackgroundSignIns } from './sign-in-load';

const SIGN_INS_PER_SECOND_ALONGSIDE = 20;

/**
 * Waits until the server has worked off what the last run left queued (the generator stops
 * sending, but requests already sent still run). /readyz queries the database, so it answers
 * only once PGlite's single connection (or the pool) is free again.
 */
export async function waitUntilIdle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // Busy: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server stayed busy for 2 minutes after a run');
}

/** The `next` cursor after walking `pages - 1` pages of the feed (opens page `pages`). */
export async function feedCursor(baseUrl: string, token: string, page: number): Promise<string> {
  let cursor: string | null = null;
  for (let index = 1; index < page; index += 1) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${baseUrl}/social/posts/${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { next?: string | null };
    if (response.status !== 200 || !body.next) throw new Error(`Feed page ${index} gave ${response.status} with no next cursor`);
    cursor = body.next;
  }
  if (!cursor) throw new Error('No feed cursor');
  return cursor;
}

export async function runHttp(
  options: BenchOptions,
  server: RunningServer,
  context: BenchContext,
  viewerIds: number[],
  cpu: CpuMeter,
): Promise<ResultRow[]> {
  const scenarios = withFeedBetweenReads(
    buildScenarios(context).filter((scenario) => options.only.length === 0 || options.only.includes(scenario.key)),
  );
  const unknown = options.only.filter((key) => !(SCENARIO_KEYS as readonly string[]).includes(key) && key !== MIXED_KEY);
  if (unknown.length > 0) throw new Error(`Unknown --only keys: ${unknown.join(', ')} (known: ${SCENARIO_KEYS.join(', ')})`);
  const rows: ResultRow[] = [];
  const load = { connections: options.connections, seconds: options.durationSeconds };
  for (const [index, scenario] of scenarios.entries()) {
    // Requests made by the warm-up and the measured run together (the refresh pool serves both).
    let made = 0;
    const countedNext = () => {
      made += 1;
      return scenario.next();
    };
    if (options.warmupSeconds > 0) {
      // The first run also warms the JIT and the connection pool: give it longer.
      const seconds = index === 0 ? Math.max(5, options.warmupSeconds) : options.warmupSeconds;
      await runLoad(server.baseUrl, countedNext, { ...load, seconds });
      await waitUntilIdle(server.baseUrl);
    }
    const madeByWarmUp = made;
    const side =
      scenario.key === 'signin-load'
        ? startBackgroundSignIns(server.baseUrl, SIGN_INS_PER_SECOND_ALONGSIDE, viewerIds.slice(0, 1_000))
        : null;
    const cpuBefore = cpu.read();
    const result = await runLoad(server.baseUrl, countedNext, load);
    const signIns = await side?.stop();
    await waitUntilIdle(server.baseUrl);
    // The server's CPU for every request sent (those still in flight at the end finished while waiting).
    const cpuPerRequest = perItem(cpuMillisBetween(cpuBefore, cpu.read()), made - madeByWarmUp + (signIns?.sent ?? 0));
    let note: string | undefined;
    if (signIns) {
      note = `${signIns.succeeded}/${signIns.sent} sign-ins ok (p50 ${signIns.p50.toFixed(0)} ms, p99 ${signIns.p99.toFixed(0)} ms${signIns.skipped > 0 ? `, ${signIns.skipped} not sent: 64 already waiting` : ''}); CPU/req counts both`;
      for (const [status, count] of Object.entries(signIns.failures)) {
        result.statuses[`sign-in ${status}`] = count;
        result.non2xx += count;
      }
    }
    if (scenario.key === 'refresh') note = refreshPoolNote(context.refreshPool.length, made);
    rows.push({ key: scenario.key, label: scenario.label, result, cpuPerRequest, ...(note ? { note } : {}) });
    const flag = result.non2xx > 0 ? `  !!! ${result.non2xx} non-2xx` : '';
    const cpuText = cpuPerRequest === null ? '' : `  CPU ${cpuPerRequest.api.toFixed(2)} + ${cpuPerRequest.database.toFixed(2)} ms/req`;
    console.log(
      `  ${scenario.key.padEnd(14)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1).padStart(5)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms${cpuText}${flag}`,
    );
  }
  return attachFeedAround(rows);
}
