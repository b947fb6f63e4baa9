import type { RealtimeServerEvent } from '@alumlink/contract';

// What the hub and its Redis bus exchange (kept apart from both, so neither imports the other for types).

/** Who receives an event: every connected socket, or the sockets of some people. */
export type Audience = { kind: 'everyone' } | { kind: 'users'; userIds: number[] };

/** Sign-ins that ended: one (`family`) or all (`family` null) of a person's. */
export type EndedSessions = { userId: number; family: string | null };

/**
 * What travels between instances over the bus: an event, or sessions that ended (their sockets
 * close). `origin` lets an instance skip its own.
 */
export type RealtimeEnvelope =
  { origin: string; audience: Audience; event: RealtimeServerEvent } | { origin: string; ended: EndedSessions };

/** The little logging the hub does (Fastify's logger fits). */
export type HubLogger = {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
};
