// Test helper (used by *.test.ts only): a real `ws` client that records every server event.
import { realtimeServerEventSchema, type RealtimeEventType, type RealtimeServerEvent } from '@alumlink/contract';
import { WebSocket } from 'ws';

type EventOf<T extends RealtimeEventType> = Extract<RealtimeServerEvent, { type: T }>;

export type TestSocket = {
  ws: WebSocket;
  /** Every event received so far, in order (validated against the contract). */
  events: RealtimeServerEvent[];
  /** Resolves with the first event of that type (already received or coming) that matches and was not taken yet. */
  next<T extends RealtimeEventType>(type: T, matches?: (event: EventOf<T>) => boolean, timeoutMs?: number): Promise<EventOf<T>>;
  /** Resolves when the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  close(): Promise<void>;
};

/** Opens ws://host/ws of a listening app (`await app.listen({port: 0})`). */
export async function openSocket(baseUrl: string): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  const events: RealtimeServerEvent[] = [];
  const taken = new Set<RealtimeServerEvent>();
  const waiters = new Set<(event: RealtimeServerEvent) => boolean>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
  });
  ws.on('message', (raw) => {
    const event = realtimeServerEventSchema.parse(JSON.parse(String(raw)));
    events.push(event);
    for (const waiter of waiters) if (waiter(event)) break;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  return {
    ws,
    events,
    closed,
    next(type, matches = () => true, timeoutMs = 5_000) {
      type Wanted = EventOf<typeof type>;
      const fits = (event: RealtimeServerEvent): event is Wanted => event.type === type && !taken.has(event) && matches(event as Wanted);
      const already = events.find(fits);
      if (already) {
        taken.add(already);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`));
        }, timeoutMs);
        const waiter = (event: RealtimeServerEvent) => {
          if (!fits(event)) return false;
          taken.add(event);
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(event);
          return true;
        };
        waiters.add(waiter);
      });
    },
    send(frame) {
      ws.send(JSON.stringify(frame));
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}

/** A socket that sent `{type:'auth', token}` and got `auth.ok`. */
export async function openAuthedSocket(baseUrl: string, token: string): Promise<TestSocket> {
  const socket = await openSocket(baseUrl);
  socket.send({ type: 'auth', token });
  await socket.next('auth.ok');
  return socket;
}
