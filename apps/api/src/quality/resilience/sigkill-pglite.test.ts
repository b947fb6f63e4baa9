// Issue #7, resilience: the embedded database survives the server being killed (SIGKILL) in the
// middle of a stream of writes. Runs the real server as a child process on a temporary DATA_DIR.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDirectory } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { startServerProcess, type ServerProcess } from './support/server-process';
import {
  countersAreConsistent,
  isSuccess,
  persistedKeys,
  seedFixture,
  sendWrite,
  startWriteLoad,
  writeTarget,
  type Fixture,
  type WriteTarget,
} from './support/write-load';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-sigkill-'));
const lockFile = path.join(dataDir, 'alumlink.lock');
const servers: ServerProcess[] = [];

const startupMs: number[] = [];

async function start(): Promise<ServerProcess> {
  const startedAt = Date.now();
  const server = await startServerProcess({ DATA_DIR: dataDir });
  startupMs.push(Date.now() - startedAt);
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL during writes on the embedded database', () => {
  it('restarts on the same DATA_DIR (stale lock taken over) with every acknowledged write kept', { timeout: 180_000 }, async () => {
    let fixture: Fixture;
    const prepared = await openPgliteDirectory(dataDir);
    try {
      await runMigrations(prepared);
      fixture = await seedFixture(prepared.db);
    } finally {
      await prepared.close();
    }

    const acknowledged: string[] = [];
    const sent: string[] = [];
    const inFlightAtKill: number[] = [];
    let target: WriteTarget | null = null;
    // Two crash cycles: the second one kills a server that itself recovered from a crash.
    for (const round of [1, 2]) {
      const server = await start();
      target ??= await writeTarget(server.baseUrl, fixture);
      const load = startWriteLoad(server.baseUrl, target, { concurrency: 6, prefix: `kill${round}` });
      await load.waitForCompleted(60);
      const inFlight = load.inFlight();
      server.child.kill('SIGKILL');
      const exit = await server.exited;
      const outcomes = await load.stop();
      expect(exit.signal).toBe('SIGKILL');
      expect(inFlight).toBeGreaterThan(0);
      inFlightAtKill.push(inFlight);
      // The dead server's lock is still there, naming a pid that no longer runs.
      expect(readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(server.pid));
      acknowledged.push(...outcomes.filter(isSuccess).map((outcome) => outcome.key));
      sent.push(...outcomes.map((outcome) => outcome.key));
      // Only 2xx or no answer at all: a crash is not an excuse for a 500.
      expect(outcomes.filter((outcome) => outcome.status !== null && !isSuccess(outcome))).toEqual([]);
    }
    if (!target) throw new Error('no target');

    // Third start: the database opens, reads work and new writes are accepted.
    const server = await start();
    const read = await fetch(`${server.baseUrl}/social/conversations/${target.conversationId}/messages/?limit=5`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    expect(read.status).toBe(200);
    expect(isSuccess(await sendWrite(server.baseUrl, target, 'comment', 'after-restart'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // A clean shutdown closes PGlite and releases the lock.
    expect(existsSync(lockFile)).toBe(false);

    const reopened = await openPgliteDirectory(dataDir);
    try {
      const persisted = await persistedKeys(reopened.db, target, [...sent, 'after-restart']);
      expect(acknowledged.length).toBeGreaterThan(100);
      expect(acknowledged.filter((key) => !persisted.has(key))).toEqual([]);
      expect(persisted.has('after-restart')).toBe(true);
      expect(await countersAreConsistent(reopened.db, target)).toBe(true);
    } finally {
      await reopened.close();
    }
    if (process.env.RESILIENCE_REPORT) {
      console.info(
        `sigkill: ${inFlightAtKill.join(' and ')} writes in flight at the kills; ${acknowledged.length} acknowledged writes all kept; ` +
          `starts took ${startupMs.join(', ')} ms (the 2nd and 3rd after a crash)`,
      );
    }
  });
});
