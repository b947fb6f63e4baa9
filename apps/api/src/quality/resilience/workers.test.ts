// Issue #15, every core: WEB_CONCURRENCY=2 runs a primary and two workers sharing the port. Live
// events reach sockets whatever worker holds them, a worker that dies is replaced, and SIGTERM
// stops everything with exit 0. Several workers need PostgreSQL and Redis, so this file runs only
// with TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuthedSocket, type TestSocket } from '../../modules/realtime/socket-test-client';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';
import { SERVER_ENTRY, startServerProcess, type ServerProcess } from './support/server-process';

const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(redisUrl && process.env.TEST_DATABASE_URL);

let t: TestApp;
let server: ServerProcess;
const sockets: TestSocket[] = [];

/** Pids of the live processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, ...
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/**
 * Pids of the server's workers: its children running the server. Not every child is one: with a
 * cold tsx cache (a fresh clone) the primary also starts esbuild's service processes.
 */
function workersOf(pid: number): number[] {
  return childrenOf(pid).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(SERVER_ENTRY);
    } catch {
      return false;
    }
  });
}

async function eventually<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    // The server's own output says why (a worker that exited during start-up, say).
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s; the server printed:\n${server.logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signIn(user: TestUser): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

describe.runIf(enabled)('WEB_CONCURRENCY=2 (PostgreSQL + Redis)', () => {
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
    for (const socket of sockets) await socket.close();
    for (const pid of server ? childrenOf(server.pid) : []) process.kill(pid, 'SIGKILL');
    await server?.kill();
    await t?.close();
  });

  it('runs two workers, delivers live events to sockets on both, replaces a dead worker and stops on SIGTERM', async () => {
    const workers = await eventually('two workers', () => {
      const pids = workersOf(server.pid);
      return pids.length === 2 ? pids : undefined;
    });

    // node:cluster hands connections to the workers in turn: four sockets land on both.
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const [aliceToken, bobToken] = [await signIn(alice), await signIn(bob)];
    for (let i = 0; i < 4; i++) sockets.push(await openAuthedSocket(server.baseUrl, bobToken));
    const started = await fetch(`${server.baseUrl}/social/conversations/start_conversation/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${aliceToken}` },
      body: JSON.stringify({ user_id: bob.id }),
    });
    const conversationId = ((await started.json()) as { id: number }).id;
    // Redis subscriptions come up asynchronously: send until every socket has one message.
    await eventually(
      'a message on all four sockets',
      async () => {
        await fetch(`${server.baseUrl}/social/conversations/${conversationId}/send_message/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${aliceToken}` },
          body: JSON.stringify({ content: 'hello every worker' }),
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        return sockets.every((socket) => socket.events.some((event) => event.type === 'message.created')) ? true : undefined;
      },
      20_000,
    );

    // A worker killed outright is replaced; the server keeps answering meanwhile.
    const [victim] = workers;
    process.kill(victim ?? 0, 'SIGKILL');
    const replacement = await eventually('a replacement worker', () => {
      const pids = workersOf(server.pid);
      return pids.length === 2 && !pids.includes(victim ?? 0) ? pids : undefined;
    });
    expect(replacement).toHaveLength(2);
    await eventually('ready after the replacement', async () => {
      const answers = await Promise.all([1, 2, 3, 4].map(() => fetch(`${server.baseUrl}/readyz`).then((r) => r.status)));
      return answers.every((status) => status === 200) ? true : undefined;
    });

    // SIGTERM to the primary: every worker shuts down gracefully, and the primary exits 0.
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    await eventually('no worker left', () => (replacement.every((pid) => !alive(pid)) ? true : undefined));
  }, 180_000);
});

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}
