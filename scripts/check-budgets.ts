// Web performance budgets, read from the Vite manifest of apps/web/dist (`npm run budgets`):
// the gzipped JavaScript each route loads before it can render, and a check that the admin
// portal is only ever reached by dynamic import (never in the static graph of public or user pages).
// Prints a table; exits 1 on a breach.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const distDir = resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = join(distDir, '.vite/manifest.json');
const KB = 1024;

/**
 * A route: the chunks that must load before it renders (manifest keys; a RegExp picks the
 * first dynamic entry whose key matches, for modules that may move), and its budget, if any.
 */
type RouteLoad = { name: string; roots: (string | RegExp)[]; budgetKb?: number };

const ROUTES: RouteLoad[] = [
  { name: 'landing page (/)', roots: ['index.html', 'src/features/landing/pages/landing-page.tsx'], budgetKb: 150 },
  // The form's rules and sign-in calls (zod, the contract) load when the form is used, not with the page.
  { name: 'sign-in (/login)', roots: ['index.html', 'src/features/auth/pages/login-page.tsx'], budgetKb: 150 },
  // Likewise the sign-up form's (and the e-mailed code's step, once it is reached).
  { name: 'sign-up (/signup)', roots: ['index.html', 'src/features/auth/pages/signup-page.tsx'], budgetKb: 150 },
  { name: 'events (/events)', roots: ['index.html', 'src/features/events/pages/events-page.tsx'] },
  // The shell's menus, hover card and dialogs load when first used (173 KB on 2026-11-22).
  {
    name: 'signed-in feed (/user)',
    roots: ['index.html', 'src/app/layouts/user-layout.tsx', 'src/app/routes/user-home.tsx'],
    budgetKb: 200,
  },
  { name: 'profile (/user/profile)', roots: ['index.html', 'src/app/layouts/user-layout.tsx', 'src/app/routes/user-profile.tsx'] },
  {
    name: 'admin dashboard (/admin)',
    roots: ['index.html', 'src/app/layouts/admin-layout.tsx', /^src\/features\/admin\/pages\/dashboard\.tsx?$/],
    budgetKb: 190,
  },
];

/** Sources that belong to the admin portal. */
const isAdminSource = (key: string) => key.startsWith('src/features/admin/') || key === 'src/app/layouts/admin-layout.tsx';
/** A text only the admin portal shows: it must not be shipped in a chunk public or user pages load statically. */
const ADMIN_ONLY_TEXT = 'User Role Management';

function resolveRoot(manifest: Manifest, root: string | RegExp): string {
  if (typeof root === 'string') return root;
  const key = Object.keys(manifest).find((candidate) => root.test(candidate));
  if (!key) throw new Error(`no chunk matches ${String(root)} in the Vite manifest (moved? update scripts/check-budgets.ts)`);
  return key;
}

function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest (renamed? update scripts/check-budgets.ts)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

const gzipCache = new Map<string, number>();
function gzippedBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(distDir, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}

function main(): number {
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}: run \`npm run build\` first (build.manifest must be on in apps/web/vite.config.ts).`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const breaches: string[] = [];
  const rows: string[][] = [];

  for (const route of ROUTES) {
    const chunks = staticClosure(
      manifest,
      route.roots.map((root) => resolveRoot(manifest, root)),
    );
    const jsFiles = [...chunks].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
    const cssFiles = [...new Set([...chunks].flatMap((key) => manifest[key]?.css ?? []))];
    const js = jsFiles.reduce((sum, file) => sum + gzippedBytes(file), 0) / KB;
    const css = cssFiles.reduce((sum, file) => sum + gzippedBytes(file), 0) / KB;
    const over = route.budgetKb !== undefined && js > route.budgetKb;
    if (over) breaches.push(`${route.name}: ${js.toFixed(1)} KB of gzipped JS > ${route.budgetKb} KB`);
    rows.push([
      route.name,
      String(jsFiles.length),
      js.toFixed(1),
      css.toFixed(1),
      route.budgetKb ? `${route.budgetKb}` : '–',
      over ? 'OVER' : 'ok',
    ]);
  }

  // Every key the public and user pages can reach statically: the entry and each non-admin dynamic entry.
  const nonAdminRoots = Object.entries(manifest)
    .filter(([key, chunk]) => (chunk.isEntry || chunk.isDynamicEntry) && !isAdminSource(key))
    .map(([key]) => key);
  for (const root of nonAdminRoots) {
    const closure = staticClosure(manifest, [root]);
    for (const key of closure) {
      if (isAdminSource(key)) breaches.push(`${root} statically imports the admin chunk ${key}`);
      const file = manifest[key]?.file ?? '';
      if (file.endsWith('.js') && readFileSync(join(distDir, file), 'utf8').includes(ADMIN_ONLY_TEXT)) {
        breaches.push(`${root} statically loads ${file}, which holds admin-only code ("${ADMIN_ONLY_TEXT}")`);
      }
    }
  }
  const adminEntries = Object.keys(manifest).filter(isAdminSource);
  if (adminEntries.length === 0) breaches.push('no admin chunk found in the manifest: is the admin portal still lazy-loaded?');

  const header = ['route', 'JS chunks', 'JS gzip KB', 'CSS gzip KB', 'budget KB', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(line(header));
  rows.forEach((row) => console.log(line(row)));
  console.log(
    `\nadmin portal: ${adminEntries.length} dynamic chunks, checked absent from the static graph of ${nonAdminRoots.length} public/user entries`,
  );

  if (breaches.length > 0) {
    console.error(`\nBudget breaches:\n${breaches.map((breach) => `  - ${breach}`).join('\n')}`);
    return 1;
  }
  console.log('All budgets met.');
  return 0;
}

process.exitCode = main();
