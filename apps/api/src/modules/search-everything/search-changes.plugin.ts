import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { followChanges } from '../../db/follow-changes';

/** Where the database announces changes the kept matches of search everything read (migration 0047_search_changes). */
export const SEARCH_CHANGES_CHANNEL = 'alumlink_search_changes';

/**
 * Keeps the texts' kept matches (`ctx.repositories.searchEverything.keptTexts`) true to the
 * database (decision record 057): every committed change of a searched row, a comment, a person's
 * name, flags or profile visibility, or a space's visibility drops every text (db/follow-changes.ts).
 */
export const searchChangesPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    await followChanges(app, SEARCH_CHANGES_CHANNEL, app.ctx.repositories.searchEverything.keptTexts, 'search texts');
  },
  { name: 'search-changes', dependencies: ['app-context'] },
);
