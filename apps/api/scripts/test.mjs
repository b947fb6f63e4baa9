// `npm test` for the API: picks the database the suites run on, then runs vitest with the given arguments.
//
// - TEST_DATABASE_URL (and TEST_REDIS_URL) set: those, as given.
// - TEST_DATABASE=embedded: the embedded PGlite, whatever else answers.
// - Otherwise the local PostgreSQL and Redis when they answer at their standard addresses (trust auth,
//   database `test`, a role that may create databases), else the embedded PGlite. The suites are the
//   same either way; on PostgreSQL they take a third of the time (decision record 049).
import { spawn } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';

const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const LOCAL_REDIS = { host: '127.0.0.1', port: 6379 };
const PROBE_TIMEOUT_MS = 1500;

/** True when the URL's server accepts us and lets us create the per-file databases. */
async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query('select rolcreatedb or rolsuper as may_create from pg_roles where rolname = current_user');
    return rows[0]?.may_create === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when a Redis server answers PING with PONG. */
function redisAnswers({ host, port }) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function chooseDatabase(env) {
  if (env.TEST_DATABASE_URL) return { env: {}, label: `PostgreSQL (TEST_DATABASE_URL)` };
  if (env.TEST_DATABASE === 'embedded' || !(await postgresAnswers(LOCAL_POSTGRES_URL))) {
    return { env: {}, label: 'the embedded PGlite' };
  }
  const chosen = { TEST_DATABASE_URL: LOCAL_POSTGRES_URL };
  if (!env.TEST_REDIS_URL && (await redisAnswers(LOCAL_REDIS))) {
    chosen.TEST_REDIS_URL = `redis://${LOCAL_REDIS.host}:${LOCAL_REDIS.port}`;
  }
  const withRedis = chosen.TEST_REDIS_URL || env.TEST_REDIS_URL ? ' and Redis' : '';
  return { env: chosen, label: `the local PostgreSQL${withRedis} (TEST_DATABASE=embedded for the embedded PGlite)` };
}

const chosen = await chooseDatabase(process.env);
console.log(`API suites on ${chosen.label}`);
const child = spawn('vitest', ['run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...chosen.env },
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
