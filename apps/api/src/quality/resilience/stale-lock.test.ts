// After a SIGKILL the data directory lock stays behind. A restarted container often gives the new
// server the dead one's pid (e.g. 1): the lock then names a live process, ours, yet is stale. Or
// the dead server's pid now belongs to another process (npm, a shell): also stale.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, processIdentity } from '../../db/lock';

const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-stale-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('data directory lock left by an earlier process with our pid', () => {
  it('is taken over, while a lock this process took is still refused', () => {
    const file = path.join(dir, 'alumlink.lock');
    writeFileSync(file, `${process.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(`Another AlumLink server is using ${dir} (pid ${process.pid})`);
    lock.release();
    acquireDataDirLock(dir).release();
  });
});

describe.skipIf(processIdentity(process.pid) === null)('data directory lock naming a pid that another process now has (Linux)', () => {
  it('is taken over when the live process is not the one that took it, and refused when it is', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const pid = other.pid ?? 0;
      await new Promise((resolve) => other.once('spawn', resolve));
      const identity = processIdentity(pid);
      expect(identity).not.toBeNull();
      const file = path.join(dir, 'alumlink.lock');

      // The lock of an earlier run with this pid: its start time differs.
      writeFileSync(file, `${pid}\n${identity?.replace(/:\d+$/, ':1')}\n`);
      acquireDataDirLock(dir).release();

      // The lock of the live process itself.
      writeFileSync(file, `${pid}\n${identity}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(`Another AlumLink server is using ${dir} (pid ${pid})`);

      // A lock without an identity (written elsewhere or by an older version) trusts the pid.
      writeFileSync(file, `${pid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${pid})`);
    } finally {
      other.kill();
      rmSync(path.join(dir, 'alumlink.lock'), { force: true });
    }
  });
});
