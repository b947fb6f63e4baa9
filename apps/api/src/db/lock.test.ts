import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-db-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  if (!child.pid) throw new Error('could not spawn');
  return child.pid;
}

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, and frees on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'alumlink.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(`Another AlumLink server is using ${dir} (pid ${process.pid})`);
    lock.release();
    expect(existsSync(path.join(dir, 'alumlink.lock'))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'alumlink.lock'), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'alumlink.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });
});
