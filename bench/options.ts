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
}>;

export const SCALE_NAMES = ['small', 'default', 'large'] as const;
export type ScaleName = (typeof SCALE_NAMES)[number];

export const SCALES: Readonly<Record<ScaleName, Scale>> = {
  // For a quick smoke run of the bench itself; not a figure to publish.
  small: { name: 'small', people: 4_000, posts: 20_000, likes: 100_000, comments: 20_000, messages: 4_000, conversationRounds: 2 },
  default: { name: 'default', people: 20_000, posts: 200_000, likes: 1_000_000, comments: 200_000, messages: 20_000, conversationRounds: 4 },
  large: { name: 'large', people: 100_000, posts: 1_000_000, likes: 5_000_000, comments: 1_000_000, messages: 200_000, conversationRounds: 20 },
};

export type BenchOptions = Readonly<{
  scale: Scale;
  /** Reload even when the bench database already holds this scale. */
  fresh: boolean;
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
}>;

const USAGE = `Usage: npm run bench -- [options]
  --scale small|default|large   data volume (default: default; large needs PostgreSQL)
  --fresh                       reload the bench database even if it holds this scale
  --duration <s>                seconds per endpoint (default 6)
  --warmup <s>                  untimed seconds before each endpoint (default 1)
  --connections <n>             autocannon connections (default 32)
  --only feed,search            run only these endpoints (keys are printed in the table)
  --realtime                    run only the WebSocket delivery test
  --no-realtime                 skip the WebSocket delivery test
  --ws-clients <n>              WebSocket clients (default 2000)
  --ws-rate <n>                 messages per second (default 500)
  --ws-seconds <s>              seconds of message stream (default 10)
  --out <file>                  also write the report (markdown) to this file
Environment: BENCH_DATABASE_URL=postgres://user@host:5432/postgres uses PostgreSQL (the bench
creates alumlink_bench_<scale> there); BENCH_DATA_DIR=<dir> keeps the PGlite bench database.`;

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
  return {
    scale: SCALES[scaleName as ScaleName],
    fresh: values.fresh === true,
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
  };
}
