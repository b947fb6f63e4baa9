import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from './config-error';

/**
 * Root of the monorepo, independent of npm's cwd: the nearest folder above this module whose
 * package.json declares the workspaces, whether it runs as apps/api/src/config/paths.ts or
 * bundled into apps/api/dist/server.js (scripts/build.mjs).
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes('"workspaces"')) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No workspace root (package.json with "workspaces") above ${start}`);
  }
}

/** Resolves a path given in the environment against the directory npm was started from. */
export function resolveFromLaunchDir(env: Env, value: string): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), value);
}
