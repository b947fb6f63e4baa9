// `npm run bench`: loads a bench database, starts the real server and measures it (see docs/performance.md).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { SIGN_IN_NEWS_CLOCK_MARGIN_MS } from '../apps/api/src/modules/auth/sign-in-news';
import { insertRefreshPool, insertSessionFamilies, mintAccessTokens, signInThroughApi } from './credentials';
import { createCpuMeter } from './cpu-meter';
import type { BenchContext } from './scenario';
import { feedCursor, runHttp, waitUntilIdle } from './http-run';
import { ADMIN_ID, CHATTERS, FIRST_CHATTER_ID } from './identities';
import { loadBenchData } from './load-data';
import { formatMachineSpeed, measureMachineSpeed } from './machine-speed';
import { deepFeedCursors, MIX, runMixed, type MixedRun } from './mixed-load';
import { closedLoopKeys, parseBenchOptions, workerEnv, type BenchOptions } from './options';
import { runRealtime, type RealtimeResult } from './realtime';
import {
  errorWarnings,
  formatHttpTable,
  formatMixed,
  formatRealtime,
  formatVerdicts,
  judgeMixed,
  judgeTargets,
  type ResultRow,
} from './report';
import { formatMetricsCost, measureMetricsCost, type MetricsCostRun } from './metrics-cost';
import { startServer, type RunningServer } from './server-process';
import { benchDatabaseName, holdsScale, prepareTarget, type BenchTarget } from './target-database';

/** Ordinary people who act in turn (ids 2..5001): enough to defeat per-user caching. */
const VIEWERS = 5_000;
/**
 * Refresh tokens prepared per second of refresh benchmark: more than two cores can rotate (a
 * rotation costs about 0.5 ms of server CPU; 3,000 ran out on a fast machine at 3,193/s).
 */
const REFRESH_TOKENS_PER_SECOND = 6_000;

/** Extra node flags for the server from BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
function serverNodeArgs(env: NodeJS.ProcessEnv): string[] {
  return (env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((flag) => flag !== '');
}

async function prepareData(
  options: BenchOptions,
  target: BenchTarget,
  refreshPoolSize: number,
  viewerIds: number[],
  tokenIds: Set<number>,
) {
  let session = await target.openSession();
  try {
    if (!(await holdsScale(session, options.scale.name))) {
      if (!target.empty) {
        await session.close();
        await target.reset();
        session = await target.openSession();
      }
      await loadBenchData(session, options.scale);
    } else {
      console.log(`Reusing the ${options.scale.name} scale already loaded in ${target.label} (--fresh reloads it).`);
    }
    const [meta] = await session.query<{ counts: Record<string, number>; seconds: number }>(
      `select counts, seconds from bench_meta where scale = $1`,
      [options.scale.name],
    );
    const refreshPool = refreshPoolSize > 0 ? await insertRefreshPool(session, viewerIds, refreshPoolSize) : [];
    const sessions = await insertSessionFamilies(session, tokenIds);
    return { counts: meta?.counts ?? {}, loadSeconds: meta?.seconds ?? 0, refreshPool, sessions };
  } finally {
    await session.close();
  }
}

/**
 * Unless --tokens-at-start: waits until tokens issued now are ones the workers' sign-in news
 * vouches for (issued more than the clock margin after they began listening), as every token is
 * once a server has run for a token's lifetime. Otherwise each person's first request on each
 * worker checks the database, as in the minutes after a restart.
 */
async function waitForSteadyStateTokens(options: BenchOptions, serverStartedAt: number): Promise<void> {
  if (options.tokensAtStart) {
    console.log('Access tokens issued as the server starts (--tokens-at-start): first requests check the database.');
    return;
  }
  const waitMs = serverStartedAt + SIGN_IN_NEWS_CLOCK_MARGIN_MS + 1_000 - Date.now();
  console.log(
    `Access tokens issued once the server has listened to sign-in changes for ${SIGN_IN_NEWS_CLOCK_MARGIN_MS / 1000} s (steady state)…`,
  );
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/**
 * Untimed seconds of the mix before its measurement: at least MIXED_WARMUP_SECONDS. With 2 s the
 * first half-second measured had a p99 of 24-129 ms in three runs against 9-12 ms with 6 s (the
 * rest of each run alike): every statement's first plans on each new connection and the first
 * calls of the write paths fell into the measurement, not the steady state it is about.
 */
const MIXED_WARMUP_SECONDS = 6;
const mixedWarmupSeconds = (options: { warmupSeconds: number }) => Math.max(MIXED_WARMUP_SECONDS, options.warmupSeconds);

async function main(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2), process.env);
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0] ?? 0;
  const speedBefore = await measureMachineSpeed();
  const viewerIds = Array.from({ length: Math.min(VIEWERS, options.scale.people - 1) }, (_, index) => index + 2);
  const wantsRefresh = options.http && (options.only.length === 0 || options.only.includes('refresh'));
  const refreshPoolSize = wantsRefresh ? Math.ceil((options.durationSeconds + options.warmupSeconds) * REFRESH_TOKENS_PER_SECOND) : 0;

  // The mixed scenario is judged with the closed-loop feed: --only mixed runs that endpoint too.
  const closedLoop: BenchOptions = { ...options, only: closedLoopKeys(options) };
  const target = await prepareTarget(options);
  let server: RunningServer | null = null;
  const shutdown = async () => {
    await server?.stop();
    target.cleanup();
  };
  process.once('SIGINT', () => void shutdown().finally(() => process.exit(130)));

  try {
    const tokenIds = new Set<number>([ADMIN_ID, ...viewerIds]);
    for (let id = FIRST_CHATTER_ID; id < FIRST_CHATTER_ID + CHATTERS; id += 1) tokenIds.add(id);
    const data = await prepareData(options, target, refreshPoolSize, viewerIds, tokenIds);
    const jwtSecret = randomBytes(48).toString('base64url');
    console.log('Starting the server…');
    const env = { ...target.serverEnv, ...workerEnv(options) };
    server = await startServer({ dataDir: target.dataDir, jwtSecret, env, nodeArgs: serverNodeArgs(process.env) });
    const serverStartedAt = Date.now();
    console.log(
      `Server pid ${server.pid} at ${server.baseUrl}, ${options.workers} worker(s)${options.redisUrl ? ' with Redis' : ''} (log: ${server.logFile})`,
    );
    await signInThroughApi(server.baseUrl, [ADMIN_ID, 2, 3]);
    const cpu = createCpuMeter(server.pid, target.kind === 'postgres' ? benchDatabaseName(options.scale.name) : null);

    await waitForSteadyStateTokens(options, serverStartedAt);
    const tokens = await mintAccessTokens(jwtSecret, data.sessions);
    const context: BenchContext = {
      scale: options.scale,
      viewerIds,
      tokens,
      refreshPool: data.refreshPool,
      feedPage50Cursor: '',
    };

    let rows: ResultRow[] = [];
    if (options.http) {
      if (closedLoop.only.length === 0 || closedLoop.only.includes('feed50')) {
        context.feedPage50Cursor = await feedCursor(server.baseUrl, tokens.get(2) ?? '', 50);
      }
      console.log(
        `HTTP: ${options.connections} connections, ${options.durationSeconds} s per endpoint (+${options.warmupSeconds} s warm-up)`,
      );
      rows = await runHttp(closedLoop, server, context, viewerIds, cpu);
    }
    let mixed: MixedRun | null = null;
    if (options.mixed) {
      const { baseUrl } = server;
      console.log(
        `Mixed open loop: ${options.mixedRate} requests/s for ${options.mixedSeconds} s (+${mixedWarmupSeconds(options)} s warm-up)…`,
      );
      // Fresh tokens: the closed-loop part may have used most of the 15 minutes of the first ones.
      const mixedTokens = await mintAccessTokens(jwtSecret, data.sessions);
      const cursors = await deepFeedCursors(baseUrl, mixedTokens.get(2) ?? '');
      mixed = await runMixed(
        baseUrl,
        { scale: options.scale, viewerIds, tokens: mixedTokens, deepFeedCursors: cursors },
        {
          rate: options.mixedRate,
          seconds: options.mixedSeconds,
          warmupSeconds: mixedWarmupSeconds(options),
          waitUntilIdle: () => waitUntilIdle(baseUrl),
          cpu,
        },
      );
      for (const { kind } of MIX) {
        const entry = mixed.result.classes.find((measured) => measured.kind === kind);
        if (!entry) continue;
        const flag = entry.errors > 0 ? `  !!! ${entry.errors} errors` : '';
        console.log(
          `  mixed ${entry.kind.padEnd(10)} ${String(entry.count).padStart(6)} req  p50 ${entry.p50.toFixed(1).padStart(6)} ms  p99 ${entry.p99.toFixed(1).padStart(7)} ms${flag}`,
        );
      }
    }
    let realtime: RealtimeResult | null = null;
    if (options.realtime) {
      console.log(`Realtime: ${options.realtimeClients} WebSocket clients…`);
      // Fresh tokens: the HTTP part may have used most of the 15 minutes of the first ones.
      const realtimeTokens = await mintAccessTokens(jwtSecret, data.sessions);
      realtime = await runRealtime({
        baseUrl: server.baseUrl,
        clients: options.realtimeClients,
        rate: options.realtimeRate,
        seconds: options.realtimeSeconds,
        tokens: realtimeTokens,
        cpu,
      });
    }

    let metricsCost: MetricsCostRun[] | null = null;
    if (options.metricsCost) {
      console.log('Metrics cost: the feed on fresh servers, METRICS=off and on alternately…');
      metricsCost = await measureMetricsCost(async (metrics) => {
        await server?.stop();
        server = await startServer({
          dataDir: target.dataDir,
          jwtSecret,
          env: { ...env, METRICS: metrics },
          nodeArgs: serverNodeArgs(process.env),
        });
        const serverCpu = createCpuMeter(server.pid, target.kind === 'postgres' ? benchDatabaseName(options.scale.name) : null);
        const [row] = await runHttp({ ...options, only: ['feed'] }, server, context, viewerIds, serverCpu);
        if (!row) throw new Error('The feed did not run');
        return row;
      });
    }

    const loadAfter = os.loadavg()[0] ?? 0;
    const speedAfter = await measureMachineSpeed();
    const counts = Object.entries(data.counts)
      .map(([table, n]) => `${n.toLocaleString('en-US')} ${table}`)
      .join(', ');
    const report = [
      `<!-- server log: ${server.logFile} -->`,
      `## ${options.scale.name} scale on ${target.label}`,
      '',
      `- command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\`${options.postgresUrl ? ' with BENCH_DATABASE_URL' : ''}${!options.postgresUrl && options.pgliteDir ? ' with BENCH_DATA_DIR' : ''}`,
      `- date: ${startedAt.toISOString()}; machine: ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`,
      `- 1-min load average: ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (shared machine)`,
      formatMachineSpeed(speedBefore, speedAfter),
      `- server: ${options.workers} API worker(s) (WEB_CONCURRENCY)${options.redisUrl ? ', with Redis' : ', no Redis'}`,
      `- data: ${counts} (loaded in ${data.loadSeconds.toFixed(0)} s)`,
      `- access tokens: ${options.tokensAtStart ? 'issued as the server started (first requests check the database)' : 'issued once the server listened to sign-in changes (steady state)'}`,
      '',
      ...(rows.length > 0 ? [formatHttpTable(rows), ''] : []),
      ...(realtime ? [formatRealtime(realtime, options.realtimeRate), ''] : []),
      ...(mixed ? [formatMixed(mixed.result, mixed.serverCpu), ''] : []),
      ...(metricsCost ? [formatMetricsCost(metricsCost), ''] : []),
      formatVerdicts([
        ...judgeTargets(rows, realtime, options.realtimeRate),
        ...(mixed
          ? judgeMixed(
              mixed.result,
              rows.find((row) => row.key === 'feed')?.result,
              options.connections,
              rows.find((row) => row.key === 'floor-db')?.result,
            )
          : []),
      ]),
    ].join('\n');
    console.log(`\n${report}\n`);
    const warnings = errorWarnings(rows);
    if (realtime && (realtime.httpFailed > 0 || realtime.lost > 0))
      warnings.push(`!!! realtime: ${realtime.httpFailed} failed sends, ${realtime.lost} messages never delivered`);
    const mixedErrors = mixed?.result.classes.filter((entry) => entry.errors > 0) ?? [];
    for (const entry of mixedErrors) warnings.push(`!!! mixed ${entry.kind}: ${entry.errors} errors (${JSON.stringify(entry.failures)})`);
    for (const warning of warnings) console.error(warning);
    if (options.outFile) writeFileSync(options.outFile, `${report}\n`);
    if (warnings.length > 0) process.exitCode = 1;
  } finally {
    await shutdown();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
