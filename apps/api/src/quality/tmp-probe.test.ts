import { it } from 'vitest';
import { createTestApp, createUser, authHeader } from '../test/index';
import { listOperations } from './support/openapi';
it('probe', async () => {
  const t = await createTestApp({ rateLimitMultiplier: 1000 });
  const ops = await listOperations(t.app);
  const h: Record<string, Record<string,string>> = { none: {} };
  for (const r of ['AD','TR','IN','AL'] as const) h[r] = await authHeader(t.app, await createUser(t.db, { role: r }));
  const out: string[] = [];
  for (const op of ops) {
    const url = op.path.replace('{id}', '999999').replace('{slug}', 'nope');
    const row = [];
    for (const who of ['none','TR','IN','AL','AD']) {
      const r = await t.app.inject({ method: op.method, url, headers: h[who], ...(op.method === 'GET' ? {} : { payload: {} }) });
      row.push(`${who}:${r.statusCode}`);
    }
    out.push(`${op.method} ${op.path}  ${row.join(' ')}`);
  }
  console.info(out.join('\n'));
  await t.close();
});
