// A request the server has certainly started (it answered `100 Continue` to its headers) whose
// body the test sends later: the way to have requests in flight at a chosen moment.
import http from 'node:http';
import net from 'node:net';

export type HeldRequest = {
  /** Sends the body; resolves with the status and headers, or rejects on a network error. */
  finish(): Promise<{ status: number; connection: string | undefined; body: string }>;
  /** Closes the client's connection (which, like a browser's, is kept alive after the answer). */
  close(): void;
  /** The answer (or network error) whether or not the body was sent. */
  response: Promise<{ status: number; connection: string | undefined; body: string }>;
};

/** Opens a JSON POST with `Expect: 100-continue` on a keep-alive connection and waits for the server's `100 Continue`. */
export async function holdRequest(baseUrl: string, path: string, token: string, body: unknown): Promise<HeldRequest> {
  const payload = Buffer.from(JSON.stringify(body));
  const agent = new http.Agent({ keepAlive: true });
  const request = http.request(`${baseUrl}${path}`, {
    method: 'POST',
    agent,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(payload.length),
      expect: '100-continue',
    },
  });
  const response = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => {
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text });
      });
      res.once('error', reject);
    });
  });
  // Rejections before finish() are seen by finish()'s caller; keep them from being unhandled meanwhile.
  response.catch(() => undefined);
  request.flushHeaders();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no 100 Continue within 30 s')), 30_000);
    request.once('continue', () => {
      clearTimeout(timer);
      resolve();
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return {
    finish: () => {
      request.end(payload);
      return response;
    },
    close: () => agent.destroy(),
    response,
  };
}

/** Resolves once a new TCP connection to `baseUrl` is refused (the server stopped listening). */
export async function waitUntilRefused(baseUrl: string, timeoutMs = 15_000): Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    if (Date.now() > deadline) throw new Error(`${baseUrl} still accepts connections after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
