// A PostgreSQL server of the test's own (initdb into a temporary directory, its own port), so a
// test may stop and restart it without touching the shared one other test files use.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
  /** With `tls`: the server's self-signed certificate, to trust as `sslrootcert`. */
  certificateFile: string;
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
export async function createPrivatePostgres(binDir: string, settings: { tls?: boolean } = {}): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const asPostgres = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  const pgRun = (program: string, args: string[]) => asPostgres(path.join(binDir, program), args);

  await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  if (settings.tls) {
    await asPostgres('openssl', tlsCertificateArgs(dataDir));
    // PostgreSQL refuses a key others may read.
    chmodSync(path.join(dataDir, 'server.key'), 0o600);
  }
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=40',
    '-c shared_buffers=16MB',
    ...(settings.tls ? ['-c ssl=on'] : []),
  ].join(' ');
  let running = false;
  const stop = async () => {
    if (!running) return;
    await pgRun('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    certificateFile: path.join(dataDir, 'server.crt'),
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

/**
 * openssl arguments for a self-signed certificate, in the data directory (ssl=on reads it there),
 * for 127.0.0.1 and for localhost: node-postgres checks a server reached by IP address against
 * the name localhost.
 */
function tlsCertificateArgs(dataDir: string): string[] {
  return [
    'req',
    '-new',
    '-x509',
    '-days',
    '2',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    path.join(dataDir, 'server.key'),
    '-out',
    path.join(dataDir, 'server.crt'),
  ];
}
