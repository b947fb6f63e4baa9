// `npx tsx scripts/measure-startup.ts [--runs 5]`: starts the server both ways, the compiled
// `node apps/api/dist/server.js` (production) and `node --import tsx apps/api/src/server.ts`
// (the loader the project used before), on an existing migrated embedded database, and prints
// the time until /readyz answers and the process's resident memory then and at its peak.
// Run `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const commands = {
  compiled: ['apps/api/dist/server.js'],
  tsx: ['--import', 'tsx', 'apps/api/src/server.ts'],
} as const;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function startOnce(args: readonly string[], dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${errors}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return { ms: performance.now() - started, ...memoryOf(child.pid ?? 0) };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), 'alumlink-startup-'));
try {
  // The first start creates, migrates and seeds the database; it is not counted.
  await startOnce(commands.compiled, dataDir);
  const samples: Record<string, { ms: number; rss: number; peak: number }[]> = { compiled: [], tsx: [] };
  for (let run = 0; run < runs; run++) {
    for (const [name, args] of Object.entries(commands)) samples[name]?.push(await startOnce(args, dataDir));
  }
  console.log(`median of ${runs} starts each, existing embedded database:`);
  for (const [name, list] of Object.entries(samples)) {
    const ms = median(list.map((s) => s.ms));
    const rss = median(list.map((s) => s.rss));
    const peak = median(list.map((s) => s.peak));
    console.log(`${name.padEnd(9)} ready in ${ms.toFixed(0)} ms, RSS ${rss.toFixed(0)} MB (peak ${peak.toFixed(0)} MB)`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
