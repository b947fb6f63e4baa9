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
  /** Fire and forget, sent with the others of the same turn of the event loop; a failure is logged, never thrown. */
  publish(envelope: RealtimeEnvelope): void;
  /** Fire and forget: records (or, with null, clears) what one socket looks at. */
  saveFocus(userId: number, socketKey: string, conversationId: number | null): void;
  isViewing(userId: number, conversationId: number): Promise<boolean>;
  close(): Promise<void>;
}

type RedisBusOptions = { url: string; log: HubLogger; onEnvelope: (envelope: RealtimeEnvelope) => void };

/** The envelopes of one message: one published alone, or several published together (an array). */
export function parseEnvelopes(text: string): RealtimeEnvelope[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const envelopes: RealtimeEnvelope[] = [];
  for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
    const envelope = envelopeOf(item);
    if (envelope) envelopes.push(envelope);
  }
  return envelopes;
}

function envelopeOf(item: unknown): RealtimeEnvelope | null {
  if (typeof item !== 'object' || item === null) return null;
  const value = item as { origin?: unknown; audience?: unknown; event?: unknown; ended?: unknown };
  if (typeof value.origin !== 'string') return null;
  if (value.ended !== undefined) {
    if (typeof value.ended !== 'object' || value.ended === null) return null;
    const { userId, family } = value.ended as { userId?: unknown; family?: unknown };
    if (typeof userId !== 'number' || !(family === null || typeof family === 'string')) return null;
    return { origin: value.origin, ended: { userId, family } };
  }
  if (typeof value.audience !== 'object' || value.audience === null) return null;
  if (typeof value.event !== 'object' || value.event === null || typeof (value.event as { type?: unknown }).type !== 'string') return null;
  return value as RealtimeEnvelope;
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
    for (const envelope of parseEnvelopes(text)) onEnvelope(envelope);
  });

  // Envelopes published in one turn of the event loop leave in one PUBLISH (a message sent is
  // three events; requests served together add theirs): each PUBLISH is a write to Redis and a
  // wake-up of every other instance. One alone keeps the plain form.
  let pending: RealtimeEnvelope[] = [];
  let flushing: NodeJS.Immediate | null = null;
  const flush = () => {
    flushing = null;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    commands.publish(CHANNEL, JSON.stringify(batch.length === 1 ? batch[0] : batch)).catch(reportDown);
  };

  return {
    publish(envelope) {
      pending.push(envelope);
      flushing ??= setImmediate(flush);
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
      if (flushing) clearImmediate(flushing);
      flush();
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}
