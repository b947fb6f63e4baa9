import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { listenToChannel, type ListeningChannel } from '../../db/listen';

/** Where the database announces changes the shared facet counts read (migration 0040_directory_changes). */
export const DIRECTORY_CHANGES_CHANNEL = 'alumlink_directory_changes';

/**
 * Keeps the shared facet counts (`ctx.repositories.directory.facetCache`) true to the database
 * (decision record 046): listens to the channel on which every committed change of a person's
 * counted columns or directory settings is announced, whoever made it (this instance, another one,
 * a script), and drops every count on it. The cache follows the channel only while it is listened
 * to, so a lost connection never leaves counts behind that a change should have dropped.
 */
export const directoryChangesPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    const cache = app.ctx.repositories.directory.facetCache;
    // Set once listenToChannel returns (PGlite reports the listening before).
    const listened: { channel?: ListeningChannel } = {};
    const changes = { caughtUp: () => listened.channel?.caughtUp() ?? Promise.resolve(false) };
    let wasListening = false;
    // Closing stops the listening on purpose: the cache goes off, but nothing was lost.
    let closing = false;
    const channel = await listenToChannel(app.database.driver, DIRECTORY_CHANGES_CHANNEL, {
      onPayload: (payload) => cache.changed(payload),
      onListening: (listening) => {
        cache.follow(listening ? changes : null);
        if (wasListening && !listening && !closing)
          app.log.warn('facet counts not kept: the directory change channel is lost, reconnecting');
        wasListening = listening;
      },
      onError: (error) => app.log.warn({ err: error }, 'directory change channel error'),
    });
    listened.channel = channel;
    app.addHook('onClose', async () => {
      closing = true;
      await channel.stop();
    });
  },
  { name: 'directory-changes', dependencies: ['app-context'] },
);
