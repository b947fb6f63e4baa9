import { connect, type Socket } from 'node:net';
import { frameResponse, MalformedResponseError } from './http1-response';

/** One request the generator sends (a new one for every request). */
export type RequestSpec = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** JSON text; sent with content-type application/json. */
  body?: string;
};

/** What browsers send: the server then compresses JSON answers of 1 KB or more, and the bench pays for it. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** How one request ended: an HTTP status, a failed connection, or no whole answer by its deadline. */
export type Outcome = { status: number | 'error' | 'timeout'; finishedAt: number };

/**
 * The generator's keep-alive connections to the server it measures. A warm-up and the run it
 * warms share one, so the measured run starts on open connections: a new set opened ~100
 * connections in its first second, each accepted by the cluster's primary and handed to a
 * worker, and that second's p50 was 14 ms against 2–3 ms for the rest of the run.
 */
export type Sender = {
  /** Resolves once the answer has arrived to its last byte, or at `deadline` (a performance.now() time); never rejects. */
  send(spec: RequestSpec, deadline: number): Promise<Outcome>;
  /** Ends every connection; requests still waiting end as "error". */
  close(): Promise<void>;
};

/** A request waiting for a connection or for its answer. */
type Pending = { text: string; deadline: number; settle(status: Outcome['status']): void };

type Connection = { socket: Socket; pending: Pending | null; received: Buffer | null; untilClose: number | null };

/** How often requests past their deadline are ended (an answer is also judged on arrival). */
const TIMEOUT_SWEEP_MS = 20;
const DEFAULT_MAX_SOCKETS = 1_024;

/** The request as it goes on the wire: one string, one write. */
function requestText(spec: RequestSpec, host: string): string {
  let text = `${spec.method} ${spec.path} HTTP/1.1\r\nhost: ${host}\r\naccept-encoding: ${ACCEPT_ENCODING}\r\n`;
  for (const [name, value] of Object.entries(spec.headers ?? {})) text += `${name}: ${value}\r\n`;
  if (spec.body === undefined) return `${text}\r\n`;
  return `${text}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(spec.body)}\r\n\r\n${spec.body}`;
}

/**
 * Sends requests over up to `maxSockets` keep-alive HTTP/1.1 connections, one request at a time
 * on each; requests beyond wait in order for a free one, and that wait counts. Answers are framed
 * (bench/http1-response.ts), never decoded or parsed: only the status is read. One sweep every
 * TIMEOUT_SWEEP_MS ends overdue requests, waiting or sent; a sent one's connection is closed,
 * since HTTP/1.1 cannot cancel a request any other way. Written on node:net rather than undici
 * or autocannon: it shares the two cores with the server it measures, and costs half as much
 * CPU per request (decision record 027).
 */
export function openSender(baseUrl: string, maxSockets = DEFAULT_MAX_SOCKETS): Sender {
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  const idle: Connection[] = [];
  const waiting: Pending[] = [];
  const open = new Set<Connection>();
  let closed = false;

  const fail = (connection: Connection, status: 'error' | 'timeout') => {
    open.delete(connection);
    const index = idle.indexOf(connection);
    if (index >= 0) idle.splice(index, 1);
    connection.socket.destroy();
    const { pending } = connection;
    connection.pending = null;
    pending?.settle(status);
    startWaiting();
  };

  /** An answer arrived to its end: judged against its deadline; the connection serves the next request unless it closes. */
  const finish = (connection: Connection, status: number, reuse: boolean) => {
    const { pending } = connection;
    connection.pending = null;
    if (pending) pending.settle(performance.now() > pending.deadline ? 'timeout' : status);
    if (reuse) release(connection);
    else fail(connection, 'error');
  };

  const onData = (connection: Connection, chunk: Buffer) => {
    if (connection.untilClose !== null) return;
    const received = connection.received ? Buffer.concat([connection.received, chunk]) : chunk;
    let framed;
    try {
      framed = frameResponse(received);
    } catch (error) {
      if (!(error instanceof MalformedResponseError)) throw error;
      fail(connection, 'error');
      return;
    }
    if (!framed) {
      connection.received = received;
      return;
    }
    if ('untilClose' in framed) {
      connection.untilClose = framed.status;
      return;
    }
    // One request at a time: bytes past the answer are not an answer to anything of ours.
    if (received.length > framed.length || !connection.pending) {
      fail(connection, 'error');
      return;
    }
    connection.received = null;
    finish(connection, framed.status, !framed.close);
  };

  const dispatch = (connection: Connection, pending: Pending) => {
    connection.pending = pending;
    connection.socket.write(pending.text);
  };

  const release = (connection: Connection) => {
    const next = waiting.shift();
    if (next) dispatch(connection, next);
    else idle.push(connection);
  };

  const openConnection = (first: Pending) => {
    const socket = connect({ host: url.hostname, port, noDelay: true });
    const connection: Connection = { socket, pending: first, received: null, untilClose: null };
    open.add(connection);
    socket.once('connect', () => {
      if (connection.pending) socket.write(connection.pending.text);
    });
    socket.on('data', (chunk: Buffer) => onData(connection, chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!open.has(connection)) return;
      if (connection.untilClose !== null) finish(connection, connection.untilClose, false);
      else fail(connection, 'error');
    });
  };

  /** Gives waiting requests the connections that closed meanwhile. */
  function startWaiting(): void {
    while (!closed && waiting.length > 0 && open.size < maxSockets) {
      const next = waiting.shift();
      if (next) openConnection(next);
    }
  }

  const sweep = setInterval(() => {
    const now = performance.now();
    for (let index = waiting.length - 1; index >= 0; index -= 1) {
      const pending = waiting[index];
      if (pending && pending.deadline <= now) {
        waiting.splice(index, 1);
        pending.settle('timeout');
      }
    }
    for (const connection of open) {
      if (connection.pending && connection.pending.deadline <= now) fail(connection, 'timeout');
    }
  }, TIMEOUT_SWEEP_MS);

  const send = (spec: RequestSpec, deadline: number): Promise<Outcome> =>
    new Promise((resolve) => {
      let settled = false;
      const pending: Pending = {
        text: requestText(spec, url.host),
        deadline,
        settle: (status) => {
          if (settled) return;
          settled = true;
          resolve({ status, finishedAt: performance.now() });
        },
      };
      if (closed) pending.settle('error');
      else if (idle.length > 0) dispatch(idle.pop() as Connection, pending);
      else if (open.size < maxSockets) openConnection(pending);
      else waiting.push(pending);
    });

  const close = async () => {
    closed = true;
    clearInterval(sweep);
    for (const pending of waiting.splice(0)) pending.settle('error');
    for (const connection of [...open]) fail(connection, 'error');
  };
  return { send, close };
}
