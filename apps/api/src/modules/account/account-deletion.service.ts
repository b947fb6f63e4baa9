import { YOUR_DATA_MESSAGES } from '@alumlink/contract';
import type { AppContext, UnitOfWork } from '../../app-context';
import type { UserRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { notFound, validation } from '../../lib/errors';
import type { AfterLeave, LeaveBy } from '../../lib/leave';
import { verifyPassword } from '../../lib/passwords';
import { lockPerson } from '../data-export/data-export.service';
import { deletePerson, findUserById } from '../users/users.service';
import { LEAVE_PARTS } from './leave-parts';

/** What is left to do once the leave's transaction committed: each part's work, in order. */
export type Leaving = { userId: number; after: { part: string; run: AfterLeave }[] };

/**
 * The one leave step (DESIGN 7), for "Delete my account" and the admin deletion alike, inside `tx`.
 * `person` must be locked FOR UPDATE by the caller (nothing of theirs can land meanwhile). Every
 * module's part runs (leave-parts.ts: places released, offers closed, requests kept, digests
 * cleaned, mentorships ended, sessions ended, ...), then the person's row goes with what is only
 * theirs. Run finishLeave after the commit.
 */
export async function leave(work: UnitOfWork, person: UserRow, by: LeaveBy): Promise<Leaving> {
  const { tx } = work;
  const context = { app: work.ctx, work, by, now: new Date() };
  const after: Leaving['after'] = [];
  for (const part of LEAVE_PARTS) {
    const run = await part.run(tx, context, person);
    if (run) after.push({ part: part.name, run });
  }
  if (!(await deletePerson(tx, person.id))) throw notFound();
  return { userId: person.id, after };
}

/**
 * After the commit: each part's remaining work (promoted people told, sockets closed, files
 * removed, mail sent). One part failing does not stop the others; it is logged.
 */
export async function finishLeave(ctx: AppContext, deletion: Leaving): Promise<void> {
  for (const { part, run } of deletion.after) {
    try {
      await run();
    } catch (error) {
      ctx.log.error({ err: error, part, userId: deletion.userId }, 'leave: work after the commit failed');
    }
  }
}

/**
 * DELETE /api/account/: the signed-in person deletes their own account, confirmed by their
 * password (400 `{password: [...]}` when missing or wrong, like the other account changes).
 */
export async function deleteOwnAccount(ctx: AppContext, caller: AuthUser, password: string): Promise<void> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, password))) throw validation({ password: [YOUR_DATA_MESSAGES.passwordWrong] });
  const deletion = await ctx.transaction(async (work) => {
    if (!(await lockPerson(work.tx, caller.id))) throw notFound();
    const locked = await findUserById(work.tx, caller.id);
    if (!locked) throw notFound();
    return leave(work, locked, 'self');
  });
  await finishLeave(ctx, deletion);
}
