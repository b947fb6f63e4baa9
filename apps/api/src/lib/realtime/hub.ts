import { randomUUID } from 'node:crypto';
import type { RealtimeServerEvent } from '@alumlink/contract';
import type { Audience, EndedSessions, HubLogger, RealtimeEnvelope } from './hub-messages';
import { createRedisBus, type RealtimeBus } from './redis-bus';

export type { Audience, EndedSessions, HubLogger, RealtimeEnvelope };

/** One sign-in (session family) of a person, as the open sockets hold it. */
export type SocketSessionKey = { userId: number; family: string };

/** The sign-in a socket belongs to, and what to do when it ends. */
export type SocketSessionLink = {
  family: string;
  /** When (ms) the session was last checked live; an end heard since then closes the socket at attach. */
  checkedAt: number;
  end(): void;
};

/**
 * How long the hub remembers ended sessions, for sockets whose sign-in check was in flight when
 * the end went by (the check takes one query; a second is plenty).
 */
const RECENT_END_MS = 10_000;

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
  /** Ends the sockets of these sessions, here and (with Redis) on every instance. Never throws. */
  endSessions(ended: EndedSessions): void;
  /**
   * Registers a socket of `userId`; `send` writes one event to it. `frame` is the event as
   * JSON, serialised once for all the sockets that receive it. With `session`, the socket's
   * `end` is called when that sign-in ends (endSessions).
   */
  attach(userId: number, send: SendEvent, session?: SocketSessionLink): HubConnection;
  /**
   * True when a socket of `userId` (on any instance when Redis is used) said it is looking at
   * the conversation. Errors count as "not looking" (a notification too many beats one lost).
   */
  isViewing(userId: number, conversationId: number): Promise<boolean>;
  /** The distinct sign-ins of this instance's open sockets (for the periodic re-check). */
  localSessions(): SocketSessionKey[];
  /**
   * Ends the sockets of these sign-ins on this instance only (the periodic re-check: every
   * instance checks its own sockets, so nothing travels over the bus). Never throws.
   */
  endLocalSessions(ended: readonly SocketSessionKey[]): void;
  /** Number of local sockets (for tests and health). */
  localConnectionCount(): number;
  close(): Promise<void>;
}

export type SendEvent = (event: RealtimeServerEvent, frame: string) => void;

type LocalSocket = { userId: number; send: SendEvent; focus: number | null; key: string; session: SocketSessionLink | null };

export type RealtimeHubOptions = {
  redisUrl: string | null;
  log: HubLogger;
  /**
   * Told of sign-ins that ended on another instance, when their news arrives over the bus (the
   * sign-in cache forgets the person: the database's own notice may come later).
   */
  onRemoteSessionsEnded?: (ended: EndedSessions) => void;
};

/** In-memory hub without a Redis URL, Redis-backed with one. */
export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHub {
  const instanceId = randomUUID();
  const sockets = new Set<LocalSocket>();
  const byUser = new Map<number, Set<LocalSocket>>();
  const bus: RealtimeBus | null = options.redisUrl
    ? createRedisBus({ url: options.redisUrl, log: options.log, onEnvelope: (envelope) => deliverRemote(envelope) })
    : null;
  /** Ends heard lately: `user:<id>` or `family:<uuid>` → when (ms). */
  const recentEnds = new Map<string, number>();

  const endsSession = (ended: EndedSessions, session: SocketSessionLink) => ended.family === null || ended.family === session.family;

  function endLocally(ended: EndedSessions): void {
    const now = Date.now();
    for (const [key, at] of recentEnds) if (now - at > RECENT_END_MS) recentEnds.delete(key);
    recentEnds.set(ended.family === null ? `user:${ended.userId}` : `family:${ended.family}`, now);
    for (const socket of [...(byUser.get(ended.userId) ?? [])]) {
      if (!socket.session || !endsSession(ended, socket.session)) continue;
      try {
        socket.session.end();
      } catch (error) {
        options.log.warn({ err: error, userId: socket.userId }, 'realtime: ending a socket failed');
      }
    }
  }

  /** True when an end of this socket's session was heard after its session was checked. */
  function endedSinceCheck(userId: number, session: SocketSessionLink): boolean {
    const since = (key: string) => (recentEnds.get(key) ?? -Infinity) >= session.checkedAt;
    return since(`user:${userId}`) || since(`family:${session.family}`);
  }

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
    if (envelope.origin === instanceId) return;
    if ('ended' in envelope) {
      options.onRemoteSessionsEnded?.(envelope.ended);
      endLocally(envelope.ended);
    } else deliverLocally(envelope.audience, envelope.event);
  }

  return {
    instanceId,
    publish(audience, event) {
      deliverLocally(audience, event);
      bus?.publish({ origin: instanceId, audience, event });
    },
    endSessions(ended) {
      endLocally(ended);
      bus?.publish({ origin: instanceId, ended });
    },
    attach(userId, send, session) {
      const socket: LocalSocket = { userId, send, focus: null, key: `${instanceId}:${randomUUID()}`, session: session ?? null };
      sockets.add(socket);
      const ofUser = byUser.get(userId) ?? new Set<LocalSocket>();
      ofUser.add(socket);
      byUser.set(userId, ofUser);
      // The session ended while this socket's sign-in was being checked.
      if (session && endedSinceCheck(userId, session)) queueMicrotask(() => session.end());
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
    localSessions() {
      const seen = new Map<string, SocketSessionKey>();
      for (const socket of sockets) {
        if (!socket.session) continue;
        seen.set(`${socket.userId}:${socket.session.family}`, { userId: socket.userId, family: socket.session.family });
      }
      return [...seen.values()];
    },
    endLocalSessions(ended) {
      for (const { userId, family } of ended) endLocally({ userId, family });
    },
    localConnectionCount: () => sockets.size,
    async close() {
      sockets.clear();
      byUser.clear();
      recentEnds.clear();
      await bus?.close();
    },
  };
}
