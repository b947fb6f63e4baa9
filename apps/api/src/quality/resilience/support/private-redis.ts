// A redis-server of the test's own (no persistence, its own port) that the test may kill and
// start again on the same port, without touching the shared Redis.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './server-process';

export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

export type PrivateRedis = {
  url: string;
  start(): Promise<void>;
  /** SIGKILL: the clients see their connections drop, as when Redis dies. */
  kill(): Promise<void>;
};

export async function createPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    start: () =>
      new Promise((resolve, reject) => {
        const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = started;
        let output = '';
        const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
        started.stdout?.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
        started.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      }),
    kill,
  };
}
