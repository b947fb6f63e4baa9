import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createCpuMeter } from './cpu-meter';

describe.runIf(process.platform === 'linux')('createCpuMeter', () => {
  it("counts the CPU of the server's workers (its child processes) as the API's", async () => {
    // A primary that idles while its one worker burns 600 ms of CPU time, as node:cluster's primary does.
    const worker = `for (let c = process.cpuUsage(); c.user + c.system < 600000; c = process.cpuUsage()); setTimeout(() => {}, 30000);`;
    const primary = spawn(
      process.execPath,
      [
        '-e',
        `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(worker)}], { stdio: 'ignore' }); setTimeout(() => {}, 30000);`,
      ],
      { stdio: 'ignore', detached: true },
    );
    try {
      const meter = createCpuMeter(primary.pid ?? 0, null);
      // The machine may be busy: wait (up to 20 s) for the worker to have used its CPU time.
      let api = 0;
      for (const deadline = Date.now() + 20_000; api <= 600 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        api = meter.read()?.api ?? 0;
      }
      expect(api).toBeGreaterThan(600);
    } finally {
      // The primary leads its own process group: this ends the worker too.
      process.kill(-(primary.pid ?? 0), 'SIGKILL');
    }
  });
});
