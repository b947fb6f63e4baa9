import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { followChanges } from '../../db/follow-changes';

/** Where the database announces changes the shared facet counts read (migration 0040_directory_changes). */
export const DIRECTORY_CHANGES_CHANNEL = 'alumlink_directory_changes';

/**
 * Keeps the shared facet counts (`ctx.repositories.directory.facetCache`) true to the database
 * (decision records 046 and 056): every committed change of a person's counted columns or directory
 * settings drops every count and names the people changed, whom the directory index reloads before
 * it counts again (db/follow-changes.ts; migration 0046). The index loads everyone as soon as the
 * channel is listened to; closing the app stops that load.
 */
export const directoryChangesPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    const facetCache = app.ctx.repositories.directory.facetCache;
    // Registered before followChanges's hook, so it runs after it (last registered first): the
    // channel is left first, then the directory index's load under way, if any, is stopped and
    // awaited before the database closes.
    app.addHook('onClose', async () => facetCache.close());
    await followChanges(app, DIRECTORY_CHANGES_CHANNEL, facetCache, 'facet counts');
  },
  { name: 'directory-changes', dependencies: ['app-context'] },
);
