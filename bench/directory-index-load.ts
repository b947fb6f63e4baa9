// `BENCH_DATABASE_URL=postgres://…/alumlink_bench_x_large npx tsx bench/directory-index-load.ts`:
// how long a worker's event loop is held while the directory index (decision record 056) loads
// everyone, as it does when the worker starts listening and every 10 minutes: the longest delay a
// timer saw (perf_hooks monitorEventLoopDelay) during the load in one statement built at once (how
// it was loaded before) and in batches by id built in steps (createDirectoryIndex), three runs each.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openPostgres } from '../apps/api/src/db/client';
import { executeRaw } from '../apps/api/src/db/prepared';
import { createDirectoryIndex, directoryIndexQuery, LOAD_BATCH } from '../apps/api/src/modules/directory/directory-index';
import type { IndexRow } from '../apps/api/src/modules/directory/directory-index-columns';
import { DirectoryIndexData } from '../apps/api/src/modules/directory/directory-index-data';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: a loaded bench database');
const database = await openPostgres(url);

async function measure(label: string, loadEveryone: () => Promise<DirectoryIndexData>) {
  for (let run = 0; run < 3; run += 1) {
    const delay = monitorEventLoopDelay({ resolution: 2 });
    delay.enable();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const index = await loadEveryone();
    const used = process.cpuUsage(cpu);
    delay.disable();
    const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(0);
    console.log(
      `${label}: ${index.size} people, wall ${(performance.now() - started).toFixed(0)} ms, node CPU ${((used.user + used.system) / 1000).toFixed(0)} ms, event-loop delay max ${ms(delay.max)} ms, p99 ${ms(delay.percentile(99))} ms`,
    );
  }
}

await measure(
  'one statement, built at once',
  async () => new DirectoryIndexData(await executeRaw<IndexRow>(database.db, directoryIndexQuery())),
);
await measure(`batches of ${LOAD_BATCH}, built in steps`, () =>
  createDirectoryIndex(async (which) => executeRaw<IndexRow>(database.db, directoryIndexQuery(which))).sync(),
);
await database.close();
