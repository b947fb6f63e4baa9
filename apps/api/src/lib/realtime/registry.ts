import type { Database } from '../../db/client';
import type { Audience, EndedSessions, RealtimeHub } from './hub';
import type { RealtimeServerEvent } from '@alumlink/contract';

/**
 * The hub of the app that owns a database handle. Services receive only `db` (posts, admin,
 * messaging), so they reach the app's hub through it; several apps in one process (tests, the
 * two-instance suite) each keep their own.
 */
const hubs = new WeakMap<Database, RealtimeHub>();

export function bindRealtimeHub(db: Database, hub: RealtimeHub): void {
  hubs.set(db, hub);
}

export function unbindRealtimeHub(db: Database): void {
  hubs.delete(db);
}

export function realtimeHubFor(db: Database): RealtimeHub | null {
  return hubs.get(db) ?? null;
}

/** Publishes through the app's hub; a no-op without one (CLI scripts, seeds). */
export function publishRealtime(db: Database, audience: Audience, event: RealtimeServerEvent): void {
  realtimeHubFor(db)?.publish(audience, event);
}

/** Closes the sockets of ended sessions through the app's hub (every instance); a no-op without one. */
export function endRealtimeSessions(db: Database, ended: EndedSessions): void {
  realtimeHubFor(db)?.endSessions(ended);
}
