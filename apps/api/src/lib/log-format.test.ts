import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logDestination } from './log-format';

/** A stream that says whether it is a terminal, and keeps what is written to it. */
function output(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let written = '';
  stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return { stream, written: () => written };
}

describe('log lines', () => {
  it('are readable in a terminal: level, message and details on a line, no JSON', async () => {
    const terminal = output(true);
    const destination = logDestination(terminal.stream);
    expect(destination).toBeDefined();
    const app = Fastify({ logger: { level: 'info', ...(destination ? { stream: destination } : {}) } });
    app.log.info({ job: 'mail-delivery' }, 'Old e-mails deleted');
    const text = terminal.written();
    expect(text).toContain('INFO');
    expect(text).toContain('Old e-mails deleted');
    // Without its colour codes (ESC [ ... m).
    expect(
      text
        .split(String.fromCharCode(27))
        .join('')
        .replace(/\[[0-9;]*m/g, ''),
    ).toMatch(/job: "mail-delivery"/);
    expect(() => JSON.parse(text) as unknown).toThrow();
    await app.close();
  });

  it('stay JSON elsewhere (a pipe, a file, a collector)', () => {
    expect(logDestination(output(false).stream)).toBeUndefined();
  });
});
