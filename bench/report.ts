import type { CpuSpent } from './cpu-meter';
import type { FeedAround } from './feed-around';
import type { LoadResult } from './http-load';
import { MIX, READ_P99_TARGET_MS, WRITE_P99_TARGET_MS } from './mixed-load';
import { WINDOW_MS, type LatencyWindow, type OpenLoopResult } from './open-loop';
import type { RealtimeResult } from './realtime';
import { READ_P99_RATIO_TARGET, READ_ROUTE_KEYS, READ_SHARE_TARGET } from './read-routes';
import { percentile } from './stats';

export type ResultRow = {
  key: string;
  label: string;
  result: LoadResult;
  /** Server-side CPU milliseconds per request (API process, PostgreSQL backends); null off Linux. */
  cpuPerRequest: CpuSpent | null;
  note?: string;
  /** A read route's reference: the feed measured just before and after it (feed-around.ts); absent: the run's first feed. */
  feedAround?: FeedAround;
};

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/**
 * "1.23 + 0.80" (API + database CPU ms), or "–" when not measured. Hundredths: in a fast phase of the
 * machine the feed costs 0.3 + 0.2 ms, where tenths hide a fifth of a route's cost.
 */
const cpuText = (spent: CpuSpent | null) => (spent ? `${fixed(spent.api, 2)} + ${fixed(spent.database, 2)}` : '–');
const cpuTotal = (spent: CpuSpent | null | undefined) => (spent ? spent.api + spent.database : null);

function statusSummary(result: LoadResult): string {
  const odd = Object.entries(result.statuses).filter(([code]) => !code.startsWith('2'));
  const parts = odd.map(([code, count]) => `${count}×${code}`);
  if (result.errors > 0) parts.push(`${result.errors} connection errors`);
  return parts.join(', ');
}

/** ONE markdown table: endpoint, req/s, p50, p99, ratio to the baseline's req/s, non-2xx. */
export function formatHttpTable(rows: ResultRow[]): string {
  const baseline = rows.find((row) => row.key === 'baseline')?.result.requestsPerSecond;
  const lines = [
    '| endpoint | key | req/s | p50 ms | p99 ms | × baseline | non-2xx | CPU ms/req: API + DB |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const { result } = row;
    const ratio = baseline ? fixed(result.requestsPerSecond / baseline, 2) : '–';
    const errors = result.non2xx === 0 ? '0' : `**${result.non2xx}** (${statusSummary(result)})`;
    const label = row.note ? `${row.label} (${row.note})` : row.label;
    lines.push(
      `| ${label} | ${row.key} | ${fixed(result.requestsPerSecond)} | ${fixed(result.p50)} | ${fixed(result.p99)} | ${ratio} | ${errors} | ${cpuText(row.cpuPerRequest)} |`,
    );
  }
  return lines.join('\n');
}

function failures(result: RealtimeResult): string {
  if (result.httpFailed === 0) return '0';
  return `**${result.httpFailed}** (${Object.entries(result.failures)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ')})`;
}

export function formatRealtime(result: RealtimeResult, rate: number): string {
  return [
    '| sockets | target msg/s | sent | delivered | delivered msg/s | p50 ms | p99 ms | max ms | send p99 ms | lost | send failures | skipped (server behind) | CPU ms/msg: API + DB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${result.clients} | ${rate} | ${result.sent} | ${result.delivered} | ${fixed(result.deliveredPerSecond)} | ${fixed(result.p50, 1)} | ${fixed(result.p99, 1)} | ${fixed(result.max)} | ${fixed(result.httpP99, 1)} | ${result.lost} | ${failures(result)} | ${result.skipped} | ${cpuText(result.cpuPerMessage)} |`,
  ].join('\n');
}

export type Verdict = { target: string; measured: string; met: boolean };

/** The targets of docs/performance.md, judged on what was measured (absent rows are skipped). */
export function judgeTargets(rows: ResultRow[], realtime: RealtimeResult | null, realtimeRate: number): Verdict[] {
  const get = (key: string) => rows.find((row) => row.key === key)?.result;
  const verdicts: Verdict[] = [];
  const baseline = get('baseline');
  const feed = get('feed');
  if (feed) verdicts.push({ target: 'feed p99 < 25 ms', measured: `${fixed(feed.p99)} ms`, met: feed.p99 < 25 });
  const cpuOf = (key: string) => cpuTotal(rows.find((row) => row.key === key)?.cpuPerRequest);
  if (feed && baseline) {
    const share = feed.requestsPerSecond / baseline.requestsPerSecond;
    verdicts.push({ target: 'feed ≥ 25% of baseline req/s', measured: `${fixed(share * 100)}%`, met: share >= 0.25 });
    const feedCpu = cpuOf('feed');
    const baselineCpu = cpuOf('baseline');
    if (feedCpu && baselineCpu) {
      const cpuShare = baselineCpu / feedCpu;
      verdicts.push({
        target: 'feed ≥ 25% of baseline, by server CPU per request',
        measured: `${fixed(cpuShare * 100)}%`,
        met: cpuShare >= 0.25,
      });
    }
  }
  const search = get('search');
  if (search) verdicts.push({ target: 'search p99 < 25 ms', measured: `${fixed(search.p99)} ms`, met: search.p99 < 25 });
  // Issues #15 and #44: every read a member uses against the feed of the same run.
  for (const key of feed ? READ_ROUTE_KEYS : []) {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row || !feed) continue;
    const read = row.result;
    const reference = row.feedAround ?? feed;
    const share = read.requestsPerSecond / reference.requestsPerSecond;
    const p99Ratio = read.p99 / reference.p99;
    const against = row.feedAround
      ? ` (the feed around it: ${fixed(reference.requestsPerSecond)} req/s, p99 ${fixed(reference.p99)} ms)`
      : '';
    verdicts.push({
      target: `${key} ≥ ${READ_SHARE_TARGET}× the feed req/s, p99 ≤ ${READ_P99_RATIO_TARGET}× the feed's`,
      measured: `${fixed(share, 2)}× req/s, p99 ${fixed(read.p99)} ms = ${fixed(p99Ratio, 2)}×${against}`,
      met: share >= READ_SHARE_TARGET && p99Ratio <= READ_P99_RATIO_TARGET,
    });
  }
  const mentors = get('mentors');
  if (mentors && feed) {
    // Issue #17: finding a mentor with a topic filter stays within twice a feed page.
    const p99Ratio = mentors.p99 / feed.p99;
    verdicts.push({
      target: 'mentors with a topic filter p99 ≤ 2× the feed p99',
      measured: `${fixed(mentors.p99)} ms = ${fixed(p99Ratio, 2)}×`,
      met: p99Ratio <= 2,
    });
  }
  const page50 = get('feed50');
  if (feed && page50) {
    const share = page50.requestsPerSecond / feed.requestsPerSecond;
    verdicts.push({ target: 'feed page 50 within 20% of page 1 (req/s)', measured: `${fixed(share * 100)}% of page 1`, met: share >= 0.8 });
    const page1Cpu = cpuOf('feed');
    const page50Cpu = cpuOf('feed50');
    if (page1Cpu && page50Cpu) {
      const ratio = page50Cpu / page1Cpu;
      verdicts.push({
        target: 'feed page 50 within 20% of page 1, by server CPU per request',
        measured: `${fixed(ratio * 100)}% of page 1`,
        met: ratio <= 1.2,
      });
    }
  }
  const stats = get('admin-stats');
  if (stats) verdicts.push({ target: 'admin stats p99 < 50 ms', measured: `${fixed(stats.p99)} ms`, met: stats.p99 < 50 });
  if (realtime) {
    const keptUp = realtime.deliveredPerSecond >= realtimeRate * 0.95 && realtime.lost === 0 && realtime.skipped === 0;
    verdicts.push({
      target: `realtime p99 < 50 ms at ${realtimeRate} msg/s`,
      measured: `${fixed(realtime.p99, 1)} ms at ${fixed(realtime.deliveredPerSecond)} msg/s`,
      met: realtime.p99 < 50 && keptUp,
    });
  }
  return verdicts;
}

export function formatVerdicts(verdicts: Verdict[]): string {
  return verdicts.map((v) => `- ${v.met ? 'MET ' : 'MISSED'} ${v.target}: ${v.measured}`).join('\n');
}

/** Loud lines for every row that had a non-2xx answer or a connection error. */
export function errorWarnings(rows: ResultRow[]): string[] {
  return rows
    .filter((row) => row.result.non2xx > 0)
    .map((row) => `!!! ${row.key}: ${row.result.non2xx} non-2xx answers or errors (${statusSummary(row.result)})`);
}

/** Closed-loop feed throughput the issue asks for, at this many closed-loop connections. */
export const FEED_THROUGHPUT_TARGET = { requestsPerSecond: 3_400, connections: 32 } as const;

/** The mixed run: one row per class (share, count, p50, p99, max, errors), then the generator's own figures. */
export function formatMixed(result: OpenLoopResult, serverCpu: CpuSpent | null): string {
  const lines = [
    '| mixed class | share | requests | p50 ms | p99 ms | max ms | p99 target | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const entry of MIX) {
    const measured = result.classes.find((c) => c.kind === entry.kind);
    if (!measured) continue;
    const failures = Object.entries(measured.failures)
      .map(([status, count]) => `${count}×${status}`)
      .join(', ');
    const errors = measured.errors === 0 ? '0' : `**${measured.errors}** (${failures})`;
    const target = entry.write ? WRITE_P99_TARGET_MS : READ_P99_TARGET_MS;
    lines.push(
      `| ${entry.kind}: ${entry.label} | ${entry.share}% | ${measured.count} | ${fixed(measured.p50, 1)} | ${fixed(measured.p99, 1)} | ${fixed(measured.max)} | ≤ ${target} | ${errors} |`,
    );
  }
  lines.push(
    '',
    `Open loop: ${result.scheduled} requests scheduled at ${result.rate}/s for ${result.seconds} s, ${result.answered} answered (${fixed(result.achievedRate)}/s); ` +
      `latency from each request's scheduled start. Generator: sent p99 ${fixed(result.sendLagP99, 1)} ms (max ${fixed(result.sendLagMax)} ms) after schedule, ` +
      `at most ${result.maxInFlight} in flight, ${fixed(result.generatorCpuPerRequest, 2)} ms of its own CPU per request; server CPU ${cpuText(serverCpu)} ms per answered request (API + DB).`,
  );
  if (result.windows.length > 0) lines.push('', formatWindows(result.windows));
  return lines.join('\n');
}

/**
 * The run over time: the p99 of every class per window of scheduled starts, as their median and
 * each window above the read target. A few bad windows are stalls (the machine, a collection, a
 * neighbour); every window high is queueing, the cost per request.
 */
export function formatWindows(windows: readonly LatencyWindow[]): string {
  const median = percentile(
    windows.map((window) => window.p99),
    50,
  );
  const above = windows.filter((window) => window.p99 > READ_P99_TARGET_MS);
  const list = above.map((window) => `${fixed(window.startMs / 1_000, 1)} s: ${fixed(window.p99)} ms`).join(', ');
  return (
    `Over time, every class's p99 per ${WINDOW_MS} ms of scheduled starts: median ${fixed(median, 1)} ms; ` +
    `${above.length} of ${windows.length} above ${READ_P99_TARGET_MS} ms${above.length > 0 ? ` (at ${list})` : ''}.`
  );
}

/**
 * Issue #15's verdicts: every read class p99 <= 25 ms and every write class p99 <= 50 ms in the
 * mixed run, no errors at the asked rate, and the closed-loop feed's throughput at 32 connections.
 * `floor` (GET /readyz, same connections, same run) is printed with the feed's figure: no request
 * that reads the database once can be faster, so it says what the machine allowed at the time.
 */
export function judgeMixed(result: OpenLoopResult, feed: LoadResult | undefined, connections: number, floor?: LoadResult): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const entry of MIX) {
    const measured = result.classes.find((c) => c.kind === entry.kind);
    const target = entry.write ? WRITE_P99_TARGET_MS : READ_P99_TARGET_MS;
    verdicts.push({
      target: `mixed ${result.rate}/s: ${entry.kind} (${entry.write ? 'write' : 'read'}) p99 ≤ ${target} ms`,
      measured: measured ? `${fixed(measured.p99, 1)} ms (p50 ${fixed(measured.p50, 1)} ms)` : 'not measured',
      met: measured !== undefined && measured.p99 <= target,
    });
  }
  const errors = result.classes.reduce((sum, c) => sum + c.errors, 0);
  verdicts.push({
    target: `mixed ${result.rate}/s: no errors, answered ≥ 99% of the rate`,
    measured: `${errors} errors of ${result.scheduled}, answered ${fixed(result.achievedRate)}/s`,
    met: errors === 0 && result.achievedRate >= result.rate * 0.99,
  });
  if (feed) {
    const { requestsPerSecond, connections: wanted } = FEED_THROUGHPUT_TARGET;
    verdicts.push({
      target: `feed ≥ ${requestsPerSecond.toLocaleString('en-US')} req/s at ${wanted} connections (closed loop)`,
      measured: `${fixed(feed.requestsPerSecond)} req/s at ${connections} connections${feed.non2xx > 0 ? `, ${feed.non2xx} non-2xx` : ''}${floorNote(feed, floor)}`,
      met: connections === wanted && feed.requestsPerSecond >= requestsPerSecond && feed.non2xx === 0,
    });
  }
  return verdicts;
}

/** What the feed's verdict adds about the one-round-trip floor, when it was measured. */
function floorNote(feed: LoadResult, floor: LoadResult | undefined): string {
  if (!floor || floor.requestsPerSecond <= 0) return '';
  const share = Math.round((feed.requestsPerSecond / floor.requestsPerSecond) * 100);
  return `; one database round trip and no work (GET /readyz) served ${fixed(floor.requestsPerSecond)} req/s in the same run, the feed ${share}% of it`;
}
