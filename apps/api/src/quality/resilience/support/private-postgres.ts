// A PostgreSQL server of the test's own (initdb into a temporary directory, its own port), so a
// test may stop and restart it without touching the shared one other test files use.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The bin directory of the newest PostgreSQL installed under /usr/lib/postgresql, or null. */
export function postgresBinDir(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(path.join(POSTGRES_ROOT, version, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Starts the server (waits until it accepts connections). */
  start(): Promise<void>;
  /** Fast shutdown (SIGINT: sessions are cut, the server stops cleanly); waits until it has stopped. */
  stop(): Promise<void>;
  /** Stops the server if running and deletes its directory. */
  destroy(): Promise<void>;
  /** The server's log so far. */
  log(): Promise<string>;
};

/**
 * initdb into a new temporary directory (trust authentication, role postgres) and returns a
 * handle on a server for it on a free port, not yet started. As root, everything runs as the
 * `postgres` OS user (PostgreSQL refuses to run as root).
 */
export async function createPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const pgRun = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, program), ...args]) : run(path.join(binDir, program), args);

  await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'", '-c max_connections=40', '-c shared_buffers=16MB'].join(
    ' ',
  );
  let running = false;
  const stop = async () => {
    if (!running) return;
    await pgRun('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await pgRun('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop,
    destroy: async () => {
      try {
        await stop();
      } catch {
        await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
      }
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => readFile(logFile, 'utf8').catch(() => ''),
  };
}
