import { extractMentions } from '@alumlink/contract';
import { workScopeOf, type AppContext, type Scope } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { notify } from '../notifications/notify.service';
import type { UserSummaryRow } from '../users/users.presenter';
import { findUserSummary } from '../users/users.service';
import { mentionedNotice } from './mentions.notices';
import { insertNewMentions, type MentionPlace } from './mentions.repository';

/**
 * Stores the mentions of a text that are new to it (a post's caption or a comment, when written
 * and after any edit): at most 10 people, each one the writer may see and who may read the text,
 * never the writer. Answers the people newly mentioned, for tellMentioned once the text committed.
 */
export function recordMentions(db: Executor, writer: AuthUser, text: string, place: MentionPlace): Promise<number[]> {
  return insertNewMentions(db, writer, extractMentions(text), place, new Date());
}

/**
 * Tells each person newly mentioned (recordMentions) by a `mention` notification, as they chose for
 * mentions; in a unit of work (an edit) the notifications are written in its transaction.
 */
export async function tellMentioned(
  scope: Scope,
  writer: AuthUser | UserSummaryRow,
  mentioned: readonly number[],
  place: MentionPlace,
): Promise<void> {
  if (mentioned.length === 0) return;
  const actor = 'username' in writer ? writer : await findUserSummary(workScopeOf(scope).db, writer.id);
  if (!actor) return; // the writer left meanwhile
  const inComment = place.commentId !== undefined;
  for (const recipientId of mentioned) {
    await notify(scope, mentionedNotice({ recipientId, actor, postId: place.postId, inComment }));
  }
}

/** recordMentions then tellMentioned: for a text already committed (a comment, an edit). */
export async function mentionInText(
  ctx: AppContext,
  writer: AuthUser,
  text: string,
  place: MentionPlace,
  actor?: UserSummaryRow,
): Promise<number[]> {
  const mentioned = await recordMentions(ctx.db, writer, text, place);
  await tellMentioned(ctx, actor ?? writer, mentioned, place);
  return mentioned;
}
