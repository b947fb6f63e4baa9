import { randomBytes } from 'node:crypto';
import { startServer } from './server-process';
import { mintAccessTokens } from './credentials';
import { buildScenarios } from './endpoints';
import { SCALES } from './options';
import { runLoad } from './http-load';
const jwtSecret = randomBytes(48).toString('base64url');
const server = await startServer({ dataDir: '/tmp/bench-small', jwtSecret, env: {} });
try {
  const ids = Array.from({ length: 2100 }, (_, i) => i + 1);
  const tokens = await mintAccessTokens(jwtSecret, ids);
  const scenarios = buildScenarios({ scale: SCALES.small, viewerIds: ids.slice(1), tokens, refreshPool: ['x'], feedPage50Cursor: 'x' });
  for (const s of scenarios) {
    const spec = s.next();
    const t = performance.now();
    const r = await fetch(server.baseUrl + spec.path, { method: spec.method, headers: { ...spec.headers, ...(spec.body ? { 'content-type': 'application/json' } : {}) }, body: spec.body });
    console.log(s.key, r.status, (performance.now() - t).toFixed(0), 'ms', (await r.text()).slice(0, 120));
  }
  const only = process.argv[2];
  if (only) {
    const s = scenarios.find((x) => x.key === only)!;
    console.log(await runLoad(server.baseUrl, s.next, { connections: 8, seconds: 3 }));
  }
} finally { await server.stop(); }
