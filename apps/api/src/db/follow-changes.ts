import type { FastifyInstance } from 'fastify';
import { listenToChannel, type ListeningChannel } from './listen';
import type { FollowedChanges } from './change-following-cache';

/** What follows a channel's announcements: a createChangeFollowingCache. */
export type ChangeFollower = {
  /** `payload`: what the announcement says changed (a channel may name ids; most send nothing). */
  changed(payload: string): void;
  follow(changes: FollowedChanges | null): void;
};

/**
 * Keeps `cache` true to the database: listens to `channel`, on which every committed change of
 * what the cache reads is announced (a migration's statement-level triggers), whoever made it
 * (this instance, another one, a script), and drops every value on it. The cache follows the
 * channel only while it is listened to, so a lost connection never leaves values behind that a
 * change should have dropped. Stops listening when the app closes. `what` names the cache in logs.
 */
export async function followChanges(app: FastifyInstance, channel: string, cache: ChangeFollower, what: string): Promise<void> {
  // Set once listenToChannel returns (PGlite reports the listening before).
  const listened: { channel?: ListeningChannel } = {};
  const changes = { caughtUp: () => listened.channel?.caughtUp() ?? Promise.resolve(false) };
  let wasListening = false;
  // Closing stops the listening on purpose: the cache goes off, but nothing was lost.
  let closing = false;
  const listening = await listenToChannel(app.database.driver, channel, {
    onPayload: (payload) => cache.changed(payload),
    onListening: (now) => {
      cache.follow(now ? changes : null);
      if (wasListening && !now && !closing) app.log.warn(`${what} not kept: the channel ${channel} is lost, reconnecting`);
      wasListening = now;
    },
    onError: (error) => app.log.warn({ err: error }, `${channel} channel error`),
  });
  listened.channel = listening;
  app.addHook('onClose', async () => {
    closing = true;
    await listening.stop();
  });
}
