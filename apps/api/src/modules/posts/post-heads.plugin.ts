import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { followChanges } from '../../db/follow-changes';

/** Where the database announces changes the kept heads of the spaces' and tags' pages read (migration 0051_post_heads_changes). */
export const POST_HEAD_CHANGES_CHANNEL = 'alumlink_post_head_changes';

/**
 * Keeps the spaces' and tags' kept heads (`ctx.repositories.posts.postHeads`, post-heads.ts,
 * decision record 065) true to the database: every committed change of a post, a post's tags, a
 * listed author's summary or a space's slug drops every head (db/follow-changes.ts).
 */
export const postHeadsPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    await followChanges(app, POST_HEAD_CHANGES_CHANNEL, app.ctx.repositories.posts.postHeads, 'post heads');
  },
  { name: 'post-heads', dependencies: ['app-context'] },
);
