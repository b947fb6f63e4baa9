import { randomUUID } from 'node:crypto';
import type { RealtimeServerEvent } from '@alumlink/contract';
import { createRedisBus, type RealtimeBus } from './redis-bus';

/** Who receives an event: every connected socket, or the sockets of some people. */
export type Audience = { kind: 'everyone' } | { kind: 'users'; userIds: number[] };

/** What travels between instances over the bus. `origin` lets an instance skip its own events. */
export type RealtimeEnvelope = { origin: string; audience: Audience; event: RealtimeServerEvent };

/** The little logging the hub does (Fastify's logger fits). */
export type HubLogger = {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
};

/** One authenticated socket registered with the hub. */
export type HubConnection = {
  readonly userId: number;
  /** The conversation this socket is looking at (`conversation.focus`), or null (`conversation.blur`). */
  setFocus(conversationId: number | null): void;
  /** Called on every heartbeat: keeps this socket's focus alive in the shared store. */
  heartbeat(): void;
  /** Unregisters the socket (on close). */
  detach(): void;
};

/**
 * Fans realtime events out to sockets. Local sockets are served directly; with REDIS_URL every
 * event also goes through Redis pub/sub so sockets on other instances get it. Publishing never
 * throws and never waits for Redis: when Redis is away, other instances miss events until it is
 * back (ioredis reconnects and resubscribes), while local delivery and HTTP keep working.
 */
export interface RealtimeHub {
  readonly instanceId: string;
  publish(audience: Audience, event: RealtimeServerEvent): void;
  /**
   * Registers a socket of `userId`; `send` writes one event to it. `frame` is the event as
   * JSON, serialised once for all the sockets that receive it.
   */
  attach(userId: number, send: SendEvent): HubConnection;
  /**
   * True when a socket of `userId` (on any instance when Redis is used) said it is looking at
   * the conversation. Errors count as "not looking" (a notification too many beats one lost).
   */
  isViewing(userId: number, conversationId: number): Promise<boolean>;
  /** Number of local sockets (for tests and health). */
  localConnectionCount(): number;
  close(): Promise<void>;
}

export type SendEvent = (event: RealtimeServerEvent, frame: string) => void;

type LocalSocket = { userId: number; send: SendEvent; focus: number | null; key: string };

export type RealtimeHubOptions = { redisUrl: string | null; log: HubLogger };

/** In-memory hub without a Redis URL, Redis-backed with one. */
export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHub {
  const instanceId = randomUUID();
  const sockets = new Set<LocalSocket>();
  const byUser = new Map<number, Set<LocalSocket>>();
  const bus: RealtimeBus | null = options.redisUrl
    ? createRedisBus({ url: options.redisUrl, log: options.log, onEnvelope: (envelope) => deliverRemote(envelope) })
    : null;

  function sendTo(socket: LocalSocket, event: RealtimeServerEvent, frame: string): void {
    try {
      socket.send(event, frame);
    } catch (error) {
      options.log.warn({ err: error, userId: socket.userId }, 'realtime: sending to a socket failed');
    }
  }

  /** Serialises the event once, however many sockets receive it. */
  function deliverLocally(audience: Audience, event: RealtimeServerEvent): void {
    if (audience.kind === 'everyone') {
      if (sockets.size === 0) return;
      const frame = JSON.stringify(event);
      for (const socket of sockets) sendTo(socket, event, frame);
      return;
    }
    let frame: string | null = null;
    // A person listed twice still gets each event once.
    const people = audience.userIds.length > 1 ? new Set(audience.userIds) : audience.userIds;
    for (const userId of people) {
      const ofUser = byUser.get(userId);
      if (!ofUser) continue;
      frame ??= JSON.stringify(event);
      for (const socket of ofUser) sendTo(socket, event, frame);
    }
  }

  function deliverRemote(envelope: RealtimeEnvelope): void {
    if (envelope.origin !== instanceId) deliverLocally(envelope.audience, envelope.event);
  }

  return {
    instanceId,
    publish(audience, event) {
      deliverLocally(audience, event);
      bus?.publish({ origin: instanceId, audience, event });
    },
    attach(userId, send) {
      const socket: LocalSocket = { userId, send, focus: null, key: `${instanceId}:${randomUUID()}` };
      sockets.add(socket);
      const ofUser = byUser.get(userId) ?? new Set<LocalSocket>();
      ofUser.add(socket);
      byUser.set(userId, ofUser);
      return {
        userId,
        setFocus(conversationId) {
          socket.focus = conversationId;
          bus?.saveFocus(userId, socket.key, conversationId);
        },
        heartbeat() {
          if (socket.focus !== null) bus?.saveFocus(userId, socket.key, socket.focus);
        },
        detach() {
          sockets.delete(socket);
          ofUser.delete(socket);
          if (ofUser.size === 0) byUser.delete(userId);
          if (socket.focus !== null) bus?.saveFocus(userId, socket.key, null);
        },
      };
    },
    async isViewing(userId, conversationId) {
      for (const socket of byUser.get(userId) ?? []) if (socket.focus === conversationId) return true;
      return bus ? bus.isViewing(userId, conversationId) : false;
    },
    localConnectionCount: () => sockets.size,
    async close() {
      sockets.clear();
      byUser.clear();
      await bus?.close();
    },
  };
}
