// The real server as a child process (`node --import tsx apps/api/src/server.ts`), for fault tests
// that kill, stop or restart it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { REPO_ROOT } from '../../../config';
import { TEST_JWT_SECRET } from '../../../test/index';

/** The server's entry point, relative to the repository root (also how its workers are told apart). */
export const SERVER_ENTRY = 'apps/api/src/server.ts';

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  logs(): string;
  /** Resolves when the process has exited. */
  exited: Promise<ServerExit>;
  /** SIGKILL if still running; resolves once it has exited. */
  kill(): Promise<ServerExit>;
};

/** A free TCP port on 127.0.0.1 (asks the OS for one, then releases it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Spawns the server in production mode on a free port with `env` (DATA_DIR or DATABASE_URL at
 * least) and waits until /readyz answers 200 (startup is slow on a loaded machine: generous).
 */
export async function startServerProcess(env: Record<string, string>, readyTimeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_MULTIPLIER: '10000',
      // One process, whose pid is the server's (kill() must not leave workers behind); the
      // workers test asks for more.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during startup (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`The server was not ready within ${readyTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.pid === undefined) throw new Error('The server has no pid');
  return { baseUrl, pid: child.pid, child, logs: () => output, exited, kill };
}
