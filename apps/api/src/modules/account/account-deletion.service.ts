import { YOUR_DATA_MESSAGES } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { notFound, validation } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { exportFilesFor } from '../../lib/storage/index';
import { endAllSessionsOf } from '../auth/session-tokens.service';
import { exportFileKeysOf, lockPerson } from '../data-export/data-export.service';
import { mediaKeysOfPerson, releaseMedia } from '../media/media.service';
import { forgetNotificationsCausedBy } from '../notifications/notifications.service';
import { closeReferralsOfLeavingPerson } from '../referrals/referrals.service';
import { deletePerson, findUserById } from '../users/users.service';
import { endMentorshipsOf } from '../mentoring/index';
import { accountDeletedEmail } from './account.emails';

/** What is left to do once the deletion's transaction committed: files and open sockets. */
export type PersonDeletion = { userId: number; mediaKeys: string[]; exportKeys: string[] };

/**
 * Deletes a person for good inside `tx`, for "Delete my account" and the admin deletion alike.
 * `person` must be locked FOR UPDATE by the caller (nothing of theirs can land meanwhile). Their
 * offers close, mentorships end, the notifications they caused (which name them) go, sign-ins end (every session family revoked: access tokens are
 * refused at once), a confirmation goes to their address, then deletePerson takes the row with
 * their posts, comments, likes (counters follow), memberships, registrations, settings and
 * exports; conversations stay for the other side with 'Deleted user'.
 */
export async function deletePersonInTransaction(
  ctx: AppContext,
  tx: Executor,
  person: UserRow,
  by: 'self' | 'admin',
): Promise<PersonDeletion> {
  const mediaKeys = await mediaKeysOfPerson(tx, person.id);
  const exportKeys = await exportFileKeysOf(tx, person.id);
  await closeReferralsOfLeavingPerson(tx, person.id);
  await endMentorshipsOf(tx, person.id);
  await forgetNotificationsCausedBy(tx, person.id);
  await endAllSessionsOf(tx, person.id, new Date());
  await ctx.mailer.enqueue(tx, accountDeletedEmail(ctx.config, person, by));
  if (!(await deletePerson(tx, person.id))) throw notFound();
  return { userId: person.id, mediaKeys, exportKeys };
}

/** After the commit: closes the person's sockets, removes their media and export files, sends the e-mail. */
export async function finishPersonDeletion(ctx: AppContext, deletion: PersonDeletion): Promise<void> {
  ctx.events.emit('sessions.ended', { userId: deletion.userId, family: null });
  ctx.mailer.trigger();
  await releaseMedia(ctx, deletion.mediaKeys);
  const files = exportFilesFor(ctx.config);
  for (const key of deletion.exportKeys) await files.remove(key);
}

/**
 * DELETE /api/account/: the signed-in person deletes their own account, confirmed by their
 * password (400 `{password: [...]}` when missing or wrong, like the other account changes).
 */
export async function deleteOwnAccount(ctx: AppContext, caller: AuthUser, password: string): Promise<void> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, password))) throw validation({ password: [YOUR_DATA_MESSAGES.passwordWrong] });
  const deletion = await ctx.db.transaction(async (tx) => {
    if (!(await lockPerson(tx, caller.id))) throw notFound();
    const locked = await findUserById(tx, caller.id);
    if (!locked) throw notFound();
    return deletePersonInTransaction(ctx, tx, locked, 'self');
  });
  await finishPersonDeletion(ctx, deletion);
}
