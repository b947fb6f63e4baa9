import net from 'node:net';
import { Duplex } from 'node:stream';

/*
 * How the pipelined client bounds the wait for an answer (decision record 029) without a timer per
 * query. A timer per query, even one holding nothing of its query, doubled what the feed's
 * workers promote to the old space, and their full garbage collections with it
 * (measured; `git log -p docs/performance.md`). Here a query costs two wrapped callbacks and a
 * count; one ticker per client wakes every quarter of the timeout while queries wait.
 */

/** Thrown into the queries of a connection given up on, and of one refused (isDatabaseUnavailable knows it). */
export class DatabaseAnswerTimeout extends Error {
  override name = 'DatabaseAnswerTimeout';
  readonly code = 'DATABASE_ANSWER_TIMEOUT';
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms.`);
  }
}

/** What postgres.js passes its `socket` option: the parsed hosts and ports, or a Unix socket path. */
export type SocketTarget = { host: string[]; port: number[]; path: string | false };

/** postgres.js's pending query keeps its own `resolve` and `reject` (src/query.js); it settles through them. */
export type SettlingQuery = { resolve(value: unknown): void; reject(reason: unknown): void };

/** A timeout is this many ticks; a query is overdue once the ticks since it was made cover one. */
const TICKS_PER_TIMEOUT = 4;

/** What the pipelined client needs of the watch (see createAnswerWatch). */
export interface AnswerWatch {
  /** Counts `query` as waiting until it settles. */
  track(query: SettlingQuery): void;
  /** The socket postgres.js opens for a connection: a refused one while the watch refuses. */
  open(target: SocketTarget): net.Socket;
}

/**
 * Counts the client's unanswered queries by the tick they were made in, and owns its sockets, each
 * with when it last heard from the server. When queries made a whole timeout ago are still
 * unanswered, the server hangs (a frozen host, a partition that drops packets: statement_timeout
 * cannot fire on a server that is not running) or bytes were lost, and the watch
 * - destroys every socket that has heard nothing for half the timeout, with DatabaseAnswerTimeout:
 *   postgres.js fails every query sent on it, pipelined ones included. PostgreSQL cancels a
 *   merely slow statement first (statement_timeout is shorter than the timeout), so a socket that
 *   silent is lost;
 * - refuses the connections postgres.js opens until the next tick: the queries that waited for a
 *   connection fail at once, one after the other, instead of one per connect timeout.
 * A query waits at most 1.25 timeouts before its connection is given up on, if that connection is
 * silent then; one that has answered within half the timeout is left to the next overdue query.
 */
export function createAnswerWatch(timeoutMs: number): AnswerWatch {
  const tickMs = timeoutMs / TICKS_PER_TIMEOUT;
  // Slot `tick % length`; one more slot than a timeout has ticks, so a slot is reused (its queries
  // declared overdue) only once they have waited a whole timeout.
  const waitingByTick = new Int32Array(TICKS_PER_TIMEOUT + 1);
  let tick = 0;
  let waiting = 0;
  let refusingUntil = 0;
  let ticker: NodeJS.Timeout | undefined;
  const sockets = new Map<net.Socket, { lastReadAt: number }>();
  const countWaiting = (madeIn: number, by: number) => {
    const slot = madeIn % waitingByTick.length;
    waitingByTick[slot] = (waitingByTick[slot] ?? 0) + by;
    waiting += by;
  };

  const advance = () => {
    tick += 1;
    const slot = tick % waitingByTick.length;
    const overdue = waitingByTick[slot] ?? 0;
    waitingByTick[slot] = 0;
    waiting -= overdue;
    if (overdue > 0) giveUpOnSilentConnections();
    if (waiting === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };

  const giveUpOnSilentConnections = () => {
    const now = performance.now();
    for (const [socket, heard] of sockets) {
      if (now - heard.lastReadAt >= timeoutMs / 2) socket.destroy(new DatabaseAnswerTimeout(timeoutMs));
    }
    refusingUntil = now + tickMs;
  };

  return {
    /**
     * Counts `query` as waiting until it settles. Queries still waiting when their slot is reused
     * are no longer counted; they are failed with their connection.
     */
    track(query: SettlingQuery): void {
      const madeIn = tick;
      countWaiting(madeIn, 1);
      ticker ??= setInterval(advance, tickMs).unref();
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        if (tick - madeIn < waitingByTick.length) countWaiting(madeIn, -1);
      };
      const { resolve, reject } = query;
      query.resolve = (value) => {
        settle();
        resolve(value);
      };
      query.reject = (reason) => {
        settle();
        reject(reason);
      };
    },

    /**
     * A socket to the first host (DATABASE_URL names one). postgres.js writes its start-up message
     * at once; the socket holds it until connected, and postgres.js's connect_timeout covers both.
     * While refusing, no socket (refusedConnection): its query fails with DatabaseAnswerTimeout,
     * and postgres.js gives the connection the next query that waits for one.
     */
    open(target: SocketTarget): net.Socket {
      if (performance.now() < refusingUntil) return refusedConnection(new DatabaseAnswerTimeout(timeoutMs));
      const socket = target.path ? net.connect(target.path) : connectTcp(target.host[0] ?? 'localhost', target.port[0] ?? 5432);
      const heard = { lastReadAt: performance.now() };
      sockets.set(socket, heard);
      socket.on('data', () => {
        heard.lastReadAt = performance.now();
      });
      socket.once('close', () => sockets.delete(socket));
      return socket;
    },
  };
}

/**
 * What postgres.js is given for a connection refused: a stream that takes its start-up message
 * and fails with `error` on the next turn of the event loop. Failing before that write would leave
 * the message in postgres.js's write buffer, to be sent before the next connection's own (the
 * server then closes that one as a protocol violation). Should no write come, postgres.js's
 * connect_timeout fails the connection. Connecting for real to a server given up on would send it
 * one connection attempt per waiting query.
 */
function refusedConnection(error: Error): net.Socket {
  const refused = new Duplex({
    read: () => undefined,
    write: (_chunk, _encoding, done) => {
      done();
      setImmediate(() => refused.destroy(error));
    },
  });
  return refused as unknown as net.Socket;
}

/**
 * A TCP socket named after its host as postgres.js names its own: TLS then sends that name (SNI)
 * and checks the certificate against it.
 */
function connectTcp(host: string, port: number): net.Socket {
  return Object.assign(net.connect(port, host), { host, port });
}
