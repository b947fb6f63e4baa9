import { parseArgs } from 'node:util';

/** How much data the loader puts in the bench database. */
export type Scale = Readonly<{
  name: ScaleName;
  people: number;
  posts: number;
  /** Approximate: likes per post vary from 0 to twice the mean (the exact count is printed). */
  likes: number;
  /** Approximate, like likes. */
  comments: number;
  messages: number;
  /** Conversations = CHATTER_PAIRS × rounds (see identities.ts). */
  conversationRounds: number;
  /** Alumni with a mentor card (3 of MENTOR_TOPICS each). */
  mentors: number;
}>;

export const SCALE_NAMES = ['small', 'default', 'large'] as const;
export type ScaleName = (typeof SCALE_NAMES)[number];

export const SCALES: Readonly<Record<ScaleName, Scale>> = {
  // For a quick smoke run of the bench itself; not a figure to publish.
  small: {
    name: 'small',
    people: 4_000,
    posts: 20_000,
    likes: 100_000,
    comments: 20_000,
    messages: 4_000,
    conversationRounds: 2,
    mentors: 500,
  },
  default: {
    name: 'default',
    people: 20_000,
    posts: 200_000,
    likes: 1_000_000,
    comments: 200_000,
    messages: 20_000,
    conversationRounds: 4,
    mentors: 2_000,
  },
  large: {
    name: 'large',
    people: 100_000,
    posts: 1_000_000,
    likes: 5_000_000,
    comments: 1_000_000,
    messages: 200_000,
    conversationRounds: 20,
    mentors: 5_000,
  },
};

export type BenchOptions = Readonly<{
  scale: Scale;
  /** Reload even when the bench database already holds this scale. */
  fresh: boolean;
  /**
   * Issue the access tokens as the server starts, so each person's first request on each worker
   * asks the database (the minutes after a restart); otherwise once the server has listened to
   * sign-in changes for the clock margin (steady state, decision record 028).
   */
  tokensAtStart: boolean;
  /** Seconds per endpoint. */
  durationSeconds: number;
  /** Seconds of untimed traffic before each endpoint's measurement. */
  warmupSeconds: number;
  connections: number;
  /** Endpoint keys to run (empty: all). */
  only: readonly string[];
  /** Run the HTTP endpoints. */
  http: boolean;
  /** Run the WebSocket delivery test. */
  realtime: boolean;
  realtimeClients: number;
  realtimeRate: number;
  realtimeSeconds: number;
  /** PostgreSQL server to create the bench database on; PGlite when null. */
  postgresUrl: string | null;
  /** Reusable PGlite directory (BENCH_DATA_DIR); a temporary one when null. */
  pgliteDir: string | null;
  /** Also write the markdown report to this file. */
  outFile: string | null;
  /** API worker processes (WEB_CONCURRENCY); above 1 only on PostgreSQL, with Redis. */
  workers: number;
  /** REDIS_URL for the server (BENCH_REDIS_URL; redis://127.0.0.1:6379 when workers > 1), or null. */
  redisUrl: string | null;
  /** Run the mixed open-loop scenario (bench/mixed-load.ts). */
  mixed: boolean;
  /** Arrivals per second of the mixed scenario, and its measured seconds. */
  mixedRate: number;
  mixedSeconds: number;
  /** Also run the feed on servers with METRICS=on and off, alternately (bench/metrics-cost.ts). */
  metricsCost: boolean;
}>;

/** The Redis the bench hands a server of several workers when BENCH_REDIS_URL is not set. */
export const DEFAULT_BENCH_REDIS_URL = 'redis://127.0.0.1:6379';
/** --only key of the mixed scenario (not an endpoint of endpoints.ts). */
export const MIXED_KEY = 'mixed';
/**
 * What --only mixed runs in the closed loop besides: the feed, whose throughput is a verdict, and
 * the one-round-trip floor that says what this machine allows at the time (report.ts).
 */
const MIXED_CLOSED_LOOP_KEYS = ['feed', 'floor-db'];

const USAGE = `Usage: npm run bench -- [options]
  --scale small|default|large   data volume (default: default; large needs PostgreSQL)
  --fresh                       reload the bench database even if it holds this scale
  --tokens-at-start             issue the access tokens as the server starts (as after a restart:
                                first requests check the database); default: steady state
  --duration <s>                seconds per endpoint (default 6)
  --warmup <s>                  untimed seconds before each endpoint (default 1)
  --connections <n>             closed-loop connections (default 32)
  --only feed,search            run only these endpoints (keys are printed in the table)
  --realtime                    run only the WebSocket delivery test
  --no-realtime                 skip the WebSocket delivery test
  --ws-clients <n>              WebSocket clients (default 2000)
  --ws-rate <n>                 messages per second (default 500)
  --ws-seconds <s>              seconds of message stream (default 10)
  --out <file>                  also write the report (markdown) to this file
  --workers <n>                 API worker processes, WEB_CONCURRENCY (default 1); above 1 needs
                                BENCH_DATABASE_URL and Redis
  --only mixed                  the mixed open-loop scenario (and the closed-loop feed it is judged with)
  --no-mixed                    skip the mixed scenario
  --mixed-rate <n>              mixed scenario arrivals per second (default 1500)
  --mixed-seconds <s>           mixed scenario measured seconds (default 20)
  --metrics-cost                also run the feed on fresh servers with METRICS=off and on, alternately
Environment: BENCH_DATABASE_URL=postgres://user@host:5432/postgres uses PostgreSQL (the bench
creates alumlink_bench_<scale> there, or BENCH_DATABASE_PREFIX_<scale>); BENCH_DATA_DIR=<dir> keeps the PGlite bench database;
BENCH_REDIS_URL=redis://host:6379 gives the server Redis (default ${DEFAULT_BENCH_REDIS_URL} with --workers > 1).`;

function positiveNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number\n\n${USAGE}`);
  return value;
}

/** Parses argv (after `npm run bench --`) and the two BENCH_* variables. */
export function parseBenchOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string' },
      fresh: { type: 'boolean' },
      'tokens-at-start': { type: 'boolean' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      realtime: { type: 'boolean' },
      'no-realtime': { type: 'boolean' },
      'ws-clients': { type: 'string' },
      'ws-rate': { type: 'string' },
      'ws-seconds': { type: 'string' },
      out: { type: 'string' },
      workers: { type: 'string' },
      'no-mixed': { type: 'boolean' },
      'mixed-rate': { type: 'string' },
      'mixed-seconds': { type: 'string' },
      'metrics-cost': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const scaleName = values.scale ?? 'default';
  if (!(SCALE_NAMES as readonly string[]).includes(scaleName)) throw new Error(`--scale must be one of ${SCALE_NAMES.join(', ')}`);
  const postgresUrl = env.BENCH_DATABASE_URL?.trim() || null;
  if (scaleName === 'large' && !postgresUrl) throw new Error('--scale large runs on PostgreSQL only: set BENCH_DATABASE_URL');
  const only = (values.only ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  const realtimeOnly = values.realtime === true;
  const workers = positiveNumber('workers', values.workers, 1);
  if (!Number.isInteger(workers) || workers > 64) throw new Error('--workers must be an integer between 1 and 64');
  if (workers > 1 && !postgresUrl) {
    throw new Error('--workers above 1 needs PostgreSQL: the embedded database belongs to one process. Set BENCH_DATABASE_URL');
  }
  const redisUrl = env.BENCH_REDIS_URL?.trim() || (workers > 1 ? DEFAULT_BENCH_REDIS_URL : null);
  return {
    scale: SCALES[scaleName as ScaleName],
    fresh: values.fresh === true,
    tokensAtStart: values['tokens-at-start'] === true,
    durationSeconds: positiveNumber('duration', values.duration, 6),
    warmupSeconds: values.warmup === '0' ? 0 : positiveNumber('warmup', values.warmup, 1),
    connections: Math.round(positiveNumber('connections', values.connections, 32)),
    only,
    http: !realtimeOnly,
    // --only narrows the run to HTTP endpoints unless --realtime is given too.
    realtime: realtimeOnly || (values['no-realtime'] !== true && only.length === 0),
    realtimeClients: Math.round(positiveNumber('ws-clients', values['ws-clients'], 2_000)),
    realtimeRate: positiveNumber('ws-rate', values['ws-rate'], 500),
    realtimeSeconds: positiveNumber('ws-seconds', values['ws-seconds'], 10),
    postgresUrl,
    pgliteDir: env.BENCH_DATA_DIR?.trim() || null,
    outFile: values.out ?? null,
    workers,
    redisUrl,
    mixed: !realtimeOnly && values['no-mixed'] !== true && (only.length === 0 || only.includes(MIXED_KEY)),
    mixedRate: positiveNumber('mixed-rate', values['mixed-rate'], 1_500),
    mixedSeconds: positiveNumber('mixed-seconds', values['mixed-seconds'], 20),
    metricsCost: values['metrics-cost'] === true,
  };
}

/** What the server gets on top of the database settings: its worker count and Redis. */
export function workerEnv(options: Pick<BenchOptions, 'workers' | 'redisUrl'>): Record<string, string> {
  return { WEB_CONCURRENCY: String(options.workers), ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}) };
}

/**
 * The closed-loop endpoints to run: --only without "mixed" (empty: all). The mixed scenario's
 * verdicts include the closed-loop feed's throughput, so --only mixed runs the feed too, and the
 * floor that puts the feed's figure in context.
 */
export function closedLoopKeys(options: Pick<BenchOptions, 'only'>): string[] {
  if (!options.only.includes(MIXED_KEY)) return [...options.only];
  const keys = options.only.filter((key) => key !== MIXED_KEY);
  return [...keys, ...MIXED_CLOSED_LOOP_KEYS.filter((key) => !keys.includes(key))];
}
