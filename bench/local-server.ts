import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/**
 * For the generator's tests: a node:http server on a free port of 127.0.0.1, closed with all its
 * connections after each test. Call once per test file, at its top level.
 */
export function useLocalServer() {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  });
  return {
    /** Starts answering with `handler`; resolves to the server's base URL. */
    async listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
      const started = createServer(handler);
      server = started;
      await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
    },
    /** Counts the TCP connections the server accepts from now on. */
    countConnections(): { readonly count: number } {
      const counter = { count: 0 };
      server?.on('connection', () => {
        counter.count += 1;
      });
      return counter;
    },
  };
}
