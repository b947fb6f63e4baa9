// Starts the real AlumLink server, as production runs it (the compiled API, `node
// apps/api/dist/server.js`, serving the built SPA), on a free port with a fresh data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../../..');

export type RunningServer = { baseUrl: string; dataDir: string; stop: () => Promise<void>; logs: () => string };

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, logs: () => string): Promise<void> {
  // E2E_READY_MS: more time on a machine shared by many runs (the embedded database starts slowly).
  const waitMs = Number(process.env.E2E_READY_MS ?? 120_000);
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${logs()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready within ${waitMs / 1000} s:\n${logs()}`);
}

const baseUrlOf = (port: number) => `http://127.0.0.1:${port}`;

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (const built of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) {
    if (!existsSync(join(repoRoot, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm run test:e2e does).`);
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'alumlink-e2e-'));
  // A test that must know the address first (e.g. to register it with an OpenID provider) picks the port.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repoRoot,
    // The embedded default without SMTP, whatever the calling shell has set: the tests read codes
    // from its dev mailbox over loopback (apps/api's mailbox exists only there; blank = unset).
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: '',
      DEV_MAILBOX: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // Production (scripts/lighthouse.ts) refuses to start without it.
      ...(env.NODE_ENV === 'production' ? { PUBLIC_URL: baseUrlOf(port) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = baseUrlOf(port);
  const logs = () => output;
  await waitUntilReady(baseUrl, child, logs);
  return {
    baseUrl,
    dataDir,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
