import { REALTIME_HEARTBEAT_MS } from '@alumlink/contract';
import { Redis } from 'ioredis';
import type { HubLogger, RealtimeEnvelope } from './hub-messages';

const CHANNEL = 'alumlink:realtime';
/** A hash per person: socket key → `<conversation id>|<expires at ms>`. */
const focusKey = (userId: number) => `alumlink:focus:${userId}`;
/** A focus not refreshed by three heartbeats belongs to a socket whose instance died. */
const FOCUS_TTL_MS = 3 * REALTIME_HEARTBEAT_MS;

/** The Redis side of the hub: pub/sub between instances and the shared "who looks at what". */
export interface RealtimeBus {
  /** Fire and forget; a failure is logged, never thrown. */
  publish(envelope: RealtimeEnvelope): void;
  /** Fire and forget: records (or, with null, clears) what one socket looks at. */
  saveFocus(userId: number, socketKey: string, conversationId: number | null): void;
  isViewing(userId: number, conversationId: number): Promise<boolean>;
  close(): Promise<void>;
}

type RedisBusOptions = { url: string; log: HubLogger; onEnvelope: (envelope: RealtimeEnvelope) => void };

function parseEnvelope(text: string): RealtimeEnvelope | null {
  try {
    const value = JSON.parse(text) as {
      origin?: unknown;
      audience?: unknown;
      event?: { type?: unknown };
      ended?: { userId?: unknown; family?: unknown };
    };
    if (typeof value.origin !== 'string') return null;
    if (value.ended !== undefined) {
      const { userId, family } = value.ended;
      if (typeof userId !== 'number' || !(family === null || typeof family === 'string')) return null;
      return { origin: value.origin, ended: { userId, family } };
    }
    if (typeof value.audience !== 'object' || typeof value.event?.type !== 'string') return null;
    return value as RealtimeEnvelope;
  } catch {
    return null;
  }
}

/**
 * Two connections: `commands` (publish, focus) never queues while Redis is away, so an HTTP
 * request that publishes never waits on a dead Redis; `subscriber` reconnects by itself (ioredis'
 * retry strategy) and subscribes again on every `ready`.
 */
export function createRedisBus({ url, log, onEnvelope }: RedisBusOptions): RealtimeBus {
  const commands = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  });
  const subscriber = new Redis(url, { autoResubscribe: false, connectTimeout: 2_000 });
  let available = true;

  const reportDown = (error: unknown) => {
    if (!available) return;
    available = false;
    log.warn({ err: error }, 'realtime: Redis unavailable, events to other instances are paused');
  };
  // Without an 'error' listener ioredis prints every failed reconnect to the console.
  commands.on('error', reportDown);
  subscriber.on('error', reportDown);

  subscriber.on('ready', () => {
    subscriber.subscribe(CHANNEL).then(() => {
      if (!available) log.info({}, 'realtime: Redis is back, events flow again');
      available = true;
    }, reportDown);
  });
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== CHANNEL) return;
    const envelope = parseEnvelope(text);
    if (envelope) onEnvelope(envelope);
  });

  return {
    publish(envelope) {
      commands.publish(CHANNEL, JSON.stringify(envelope)).catch(reportDown);
    },
    saveFocus(userId, socketKey, conversationId) {
      const key = focusKey(userId);
      const write =
        conversationId === null
          ? commands.hdel(key, socketKey)
          : commands
              .multi()
              .hset(key, socketKey, `${conversationId}|${Date.now() + FOCUS_TTL_MS}`)
              .pexpire(key, FOCUS_TTL_MS)
              .exec();
      write.catch(reportDown);
    },
    async isViewing(userId, conversationId) {
      try {
        const values = await commands.hvals(focusKey(userId));
        const now = Date.now();
        return values.some((value) => {
          const [conversation, expiresAt] = value.split('|').map(Number);
          return conversation === conversationId && (expiresAt ?? 0) > now;
        });
      } catch (error) {
        reportDown(error);
        return false;
      }
    },
    async close() {
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}
