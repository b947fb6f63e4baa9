import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type RunningServer = {
  baseUrl: string;
  pid: number;
  /** Server output (stdout and stderr) goes here. */
  logFile: string;
  stop(): Promise<void>;
};

/** A free TCP port on 127.0.0.1 (asks the OS for one, then releases it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitForReady(baseUrl: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}

/**
 * Starts the real server as production runs it (`node apps/api/dist/server.js`, compiled by
 * `npm run build -w @alumlink/api`, which `npm run bench` does first) as a child process in
 * production mode, with rate limits loosened as far as the config allows (RATE_LIMIT_MULTIPLIER
 * 10000: the sign-in limit becomes 100,000 a minute per IP), and waits for /readyz.
 */
export async function startServer(options: {
  dataDir: string;
  jwtSecret: string;
  env: Record<string, string>;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] to profile the server. */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const port = await freePort();
  // Outside the data directory, so it survives the cleanup of a temporary one.
  const logFile = path.join(tmpdir(), `alumlink-bench-server-${port}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      JWT_SECRET: options.jwtSecret,
      RATE_LIMIT_MULTIPLIER: '10000',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killTimer);
    }
    log.end();
  };
  try {
    await waitForReady(baseUrl, child, logFile, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error('The server has no pid');
  return { baseUrl, pid: child.pid, logFile, stop };
}
