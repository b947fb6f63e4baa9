import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { FollowedChanges } from '../../db/change-following-cache';
import { followChanges, type ChangeFollower } from '../../db/follow-changes';

/** Where the database announces changes the kept matches of search everything read (migration 0047_search_changes). */
export const SEARCH_CHANGES_CHANNEL = 'alumlink_search_changes';

/** One follower of a channel for several caches: each hears every announcement and follows the same listening. */
function allOf(followers: readonly ChangeFollower[]): ChangeFollower {
  return {
    changed: (payload: string) => followers.forEach((follower) => follower.changed(payload)),
    follow: (changes: FollowedChanges | null) => followers.forEach((follower) => follower.follow(changes)),
  };
}

/**
 * Keeps the texts' kept matches (`ctx.repositories.searchEverything.keptTexts`) true to the
 * database (decision record 057): every committed change of a searched row, a comment, a person's
 * name, flags or profile visibility, or a space's visibility drops every text (db/follow-changes.ts).
 * The people type-ahead's kept candidates (`ctx.repositories.search.keptTexts`, decision record
 * 064) follow the same announcements on the same listening connection (a person's e-mail and career
 * fields too, migration 0050).
 */
export const searchChangesPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    const { search, searchEverything } = app.ctx.repositories;
    await followChanges(app, SEARCH_CHANGES_CHANNEL, allOf([searchEverything.keptTexts, search.keptTexts]), 'search texts');
  },
  { name: 'search-changes', dependencies: ['app-context'] },
);
