// `BENCH_DATABASE_URL=postgres://…/alumlink_bench_x_large npx tsx bench/directory-index.ts`: the
// directory index of the facet counts (decision record 056) on a loaded bench database: its full
// load (statement and build, timed), the heap it holds, and the time of its counts per kind of
// filters (the bench's fresh facets, no filter, one filter), in process, without HTTP.
import { performance } from 'node:perf_hooks';
import type { DirectoryFilters } from '@alumlink/contract';
import { openPostgres } from '../apps/api/src/db/client';
import { executeRaw } from '../apps/api/src/db/prepared';
import { directoryIndexQuery } from '../apps/api/src/modules/directory/directory-index';
import type { IndexRow } from '../apps/api/src/modules/directory/directory-index-columns';
import { DirectoryIndexData } from '../apps/api/src/modules/directory/directory-index-data';
import { SHARED_FACET_SIZE } from '../apps/api/src/modules/directory/directory-facets';
import { directoryFacets } from '../apps/api/src/modules/directory/directory.repository';
import { freshFacetQuery } from './endpoints-reads';

const cpuOf = (used: NodeJS.CpuUsage) => used.user + used.system;
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: a loaded bench database');
const database = await openPostgres(url);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let started = performance.now();
const buildCpu = process.cpuUsage();
const rows = await executeRaw<IndexRow>(database.db, directoryIndexQuery());
const readMs = performance.now() - started;
started = performance.now();
let index: DirectoryIndexData | null = new DirectoryIndexData(rows);
const buildMs = performance.now() - started;
const buildCpuMs = cpuOf(process.cpuUsage(buildCpu)) / 1000;
rows.length = 0;
gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
console.log(
  `${index.size} listed people: read ${readMs.toFixed(0)} ms, built ${buildMs.toFixed(0)} ms (node CPU for both ${buildCpuMs.toFixed(0)} ms), heap ${gc ? heapMb.toFixed(1) : '? (run with node --expose-gc)'} MB, ${index.postingEntries} name-index entries`,
);

const filtersOf = (query: string): DirectoryFilters => {
  const params = new URLSearchParams(query);
  const year = params.get('cohort_year');
  return { q: params.get('q') ?? undefined, cohort_year: year ? Number(year) : undefined };
};
const kinds: [string, (n: number) => DirectoryFilters][] = [
  ['fresh (q=<2 letters>&cohort_year)', (n) => filtersOf(freshFacetQuery(n))],
  ['no filter', () => ({})],
  ['q=<1 letter>', (n) => ({ q: 'aeiou'.charAt(n % 5) })],
  ['q=<4 letters>', (n) => ({ q: ['anna', 'mari', 'john', 'sara', 'chri'][n % 5] })],
  ['company', () => ({ company: 'Google' })],
];
for (const [label, filters] of kinds) {
  for (let n = 0; n < 50; n += 1) index.count('public', filters(n), SHARED_FACET_SIZE);
  const runs = 400;
  started = performance.now();
  const cpu = process.cpuUsage();
  for (let n = 0; n < runs; n += 1) index.count(n % 10 === 0 ? 'everyone' : 'public', filters(n + 50), SHARED_FACET_SIZE);
  const used = process.cpuUsage(cpu);
  const wallMs = (performance.now() - started) / runs;
  console.log(
    `${label.padEnd(36)} CPU ${((used.user + used.system) / 1000 / runs).toFixed(3)} ms per count (wall ${wallMs.toFixed(3)} ms)`,
  );
}
// The statement and the index agree on a few of the bench's filters.
for (let n = 0; n < 5; n += 1) {
  const filters = filtersOf(freshFacetQuery(n * 37));
  const same =
    JSON.stringify(index.count('public', filters, SHARED_FACET_SIZE)) ===
    JSON.stringify(await directoryFacets(database.db, 'public', filters, SHARED_FACET_SIZE));
  console.log(`${JSON.stringify(filters)}: ${same ? 'same counts as the statement' : 'DIFFERENT from the statement'}`);
}
index = null;
await database.close();
