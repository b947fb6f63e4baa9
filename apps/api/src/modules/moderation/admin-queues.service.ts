import type { Readable } from 'node:stream';
import type { ModerationQueueCounts } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/errors';
import { mediaContentType } from '../../lib/storage/media-storage';
import { countOpenQueues, findPostImageKey } from './admin-queues.repository';

/** What waits in the open reports and appeals queues (the admin navigation's counts). */
export async function queueCounts(ctx: AppContext): Promise<ModerationQueueCounts> {
  const counts = await countOpenQueues(ctx.db);
  return { open_reports: counts.reports, open_appeals: counts.appeals };
}

/**
 * A post's image for the moderator judging it, withheld or not (a removed post's image is served
 * to nobody else). 404 when the post has no image or its bytes are gone.
 */
export async function moderatedPostImage(ctx: AppContext, postId: number): Promise<{ stream: Readable; contentType: string }> {
  const key = await findPostImageKey(ctx.db, postId);
  const stream = key ? await ctx.storage.openAny(key) : null;
  if (!key || !stream) throw notFound();
  return { stream, contentType: mediaContentType(key) };
}
