// After a SIGKILL the data directory lock stays behind. A restarted container often gives the new
// server the dead one's pid (e.g. 1): the lock then names a live process, ours, yet is stale.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../../db/lock';

const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-stale-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('data directory lock left by an earlier process with our pid', () => {
  it('is taken over, while a lock this process took is still refused', () => {
    const file = path.join(dir, 'alumlink.lock');
    writeFileSync(file, `${process.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(`Another AlumLink server is using ${dir} (pid ${process.pid})`);
    lock.release();
    acquireDataDirLock(dir).release();
  });
});
