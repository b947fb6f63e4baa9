// Starts the real AlumLink server, as production runs it (the compiled API, `node
// apps/api/dist/server.js`, serving the built SPA), on a free port with a fresh data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
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

// Settings that change how the server runs but not what a fresh data directory holds after the
// migrations and the demo seed: a server started with only these begins from a copy of one
// migrated, seeded directory made once per build (about 6 s of the 10 s a fresh start takes).
const SAME_DATA_SETTINGS = new Set(['RATE_LIMIT_MULTIPLIER', 'EXPORT_WORKER_MS', 'BACKGROUND_JOBS', 'PORT', 'PUBLIC_URL', 'LOG_LEVEL']);
const startsFromTemplate = (env: Record<string, string>) =>
  Object.keys(env).every((key) => SAME_DATA_SETTINGS.has(key) || key.startsWith('OIDC_'));

/** The migrated, seeded data directory of this build (the compiled server's time names it), made on first use. */
async function seededTemplate(): Promise<string> {
  const built = statSync(join(repoRoot, 'apps/api/dist/server.js'));
  const template = join(tmpdir(), `alumlink-e2e-template-${Math.round(built.mtimeMs)}-${built.size}`);
  if (existsSync(template)) return template;
  const server = await spawnServer({}, mkdtempSync(join(tmpdir(), 'alumlink-e2e-seed-')));
  await server.stop({ keepData: true });
  try {
    renameSync(server.dataDir, template); // atomic: a run beside this one either sees all of it or none
  } catch {
    rmSync(server.dataDir, { recursive: true, force: true }); // another run made it first
  }
  return template;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (const built of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) {
    if (!existsSync(join(repoRoot, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm run test:e2e does).`);
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'alumlink-e2e-'));
  if (startsFromTemplate(env)) cpSync(await seededTemplate(), dataDir, { recursive: true });
  const server = await spawnServer(env, dataDir);
  return { ...server, stop: () => server.stop({ keepData: false }) };
}

async function spawnServer(env: Record<string, string>, dataDir: string) {
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
    stop: async ({ keepData }: { keepData: boolean }) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
