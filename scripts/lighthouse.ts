// `npm run lighthouse`: Lighthouse (mobile emulation) on the landing page and /login of a real
// server (built SPA, production mode) started on a fresh data directory. Prints performance,
// accessibility, best practices and CLS; with --min-performance N (and friends) exits 1 below N.
// Needs `npm run build` first (the npm script does it) and Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { startServer } from '../apps/web/e2e/support/server.ts';
import { CHROMIUM_ARGS } from '../apps/web/e2e/support/browser.ts';

const { values } = parseArgs({
  options: {
    'min-performance': { type: 'string' },
    'min-accessibility': { type: 'string' },
    'min-best-practices': { type: 'string' },
    pages: { type: 'string', default: '/,/login' },
  },
});

/** Chromium with a DevTools port for Lighthouse; resolves once the port is announced. */
async function launchChromium(): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [...CHROMIUM_ARGS, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  return { port, process: child };
}

type Scores = { page: string; performance: number; accessibility: number; bestPractices: number; cls: number; lcpMs: number };

const percent = (score: number | null | undefined) => Math.round((score ?? 0) * 100);

const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
const chromium = await launchChromium();
const results: Scores[] = [];
try {
  for (const page of (values.pages ?? '/').split(',')) {
    const run = await lighthouse(`${server.baseUrl}${page}`, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = run.lhr;
    results.push({
      page,
      performance: percent(categories.performance?.score),
      accessibility: percent(categories.accessibility?.score),
      bestPractices: percent(categories['best-practices']?.score),
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    });
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
      .map((audit) => audit.id);
    if (failing.length > 0) console.log(`${page}: audits below 90: ${failing.join(', ')}`);
  }
} finally {
  chromium.process.kill('SIGTERM');
  await server.stop();
}

console.log('\npage          performance  accessibility  best-practices     CLS   LCP ms');
for (const row of results) {
  console.log(
    `${row.page.padEnd(12)}  ${String(row.performance).padStart(11)}  ${String(row.accessibility).padStart(13)}  ${String(row.bestPractices).padStart(14)}  ${row.cls.toFixed(3).padStart(6)}  ${Math.round(row.lcpMs).toString().padStart(7)}`,
  );
}

const minimums = [
  ['performance', values['min-performance']],
  ['accessibility', values['min-accessibility']],
  ['bestPractices', values['min-best-practices']],
] as const;
for (const [category, minimum] of minimums) {
  if (minimum === undefined) continue;
  const below = results.filter((row) => row[category] < Number(minimum));
  if (below.length > 0) {
    console.error(`${category} below ${minimum} on ${below.map((row) => row.page).join(', ')}`);
    process.exitCode = 1;
  }
}
