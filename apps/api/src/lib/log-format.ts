import type { Writable } from 'node:stream';
import pretty from 'pino-pretty';

/**
 * Where the server's log lines go: readable lines (pino-pretty: time, level, message, then the
 * details) when `output` is a terminal, one JSON object per line otherwise (a log collector, a
 * file, `docker logs`). Undefined means pino's default, JSON on stdout.
 */
export function logDestination(output: NodeJS.WriteStream | Writable = process.stdout): Writable | undefined {
  if (!('isTTY' in output) || !output.isTTY) return undefined;
  return pretty({ destination: output, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true });
}
