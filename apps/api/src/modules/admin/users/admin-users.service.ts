import {
  ADMIN_MESSAGES,
  displayName,
  type AdminUserPage,
  type AdminUsersFilter,
  type Role,
  type UpdateRoleResponse,
} from '@alumlink/contract';
import type { AppContext } from '../../../app-context';
import type { Database } from '../../../db/client';
import type { AuthUser } from '../../../lib/auth';
import { forbidden, notFound } from '../../../lib/errors';
import { leave, finishLeave } from '../../account/account-deletion.service';
import { applyRoleToMentorCard } from '../../mentoring/index';
import { notify } from '../../notifications/notify.service';
import { roleChangedNotice } from './admin-users.notices';
import { recordRoleSetByHand } from '../../onboarding/cohorts.service';
import { findUserById } from '../../users/users.service';
import { auditLabelOf, writeAuditLog } from '../../audit-log/index';
import { userManagementRefusal } from './admin-users.policy';
import { presentAdminUser } from './admin-users.presenter';
import * as repository from './admin-users.repository';
import { decodeIdCursor, encodeIdCursor, MAX_ID } from '../../../lib/pagination';

const userNotFound = () => notFound(ADMIN_MESSAGES.userNotFound);

function filtersOf(query: { q?: string; role?: Role }): repository.UserFilters {
  const filters: repository.UserFilters = {};
  if (query.q) {
    filters.text = query.q.toLowerCase();
    if (/^\d{1,10}$/.test(query.q) && Number(query.q) <= MAX_ID) filters.id = Number(query.q);
  }
  if (query.role) filters.role = query.role;
  return filters;
}

/** `count` without a search comes from the trigger-kept counters (cheap at any size). */
async function countByRole(db: Database, role: Role | undefined): Promise<number> {
  const key = role === undefined ? 'users_total' : `users_${role}`;
  const counters = await repository.readCounters(db, [key]);
  return counters.get(key) ?? 0;
}

/**
 * People ordered by id, filtered by `q` and `role`, with the total matching: a search finds
 * its page and its total in one statement; the whole list (or one role's) walks the primary key.
 */
export async function listUsers(ctx: AppContext, query: AdminUsersFilter): Promise<AdminUserPage> {
  const filters = filtersOf(query);
  const afterId = query.cursor ? decodeIdCursor(query.cursor) : undefined;
  const page = { afterId, take: query.limit + 1 };
  const { text } = filters;
  const { rows, total } =
    text === undefined
      ? { rows: await repository.findUsers(ctx.db, filters, page), total: await countByRole(ctx.db, query.role) }
      : await ctx.repositories.adminUsers.searchUsers({ ...filters, text }, page);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const next = rows.length > query.limit && last ? encodeIdCursor(last.id) : null;
  return { results: items.map(presentAdminUser), next, count: total };
}

async function loadActor(db: Database, actor: AuthUser) {
  const row = await findUserById(db, actor.id);
  // authenticate just found this person; gone now means deleted meanwhile.
  if (!row) throw forbidden();
  return row;
}

/** Gives someone (not yourself, not an administrator) the role TR, IN or AL; notifies them. */
export async function changeRole(
  ctx: AppContext,
  actor: AuthUser,
  input: { user_id: number; role: Exclude<Role, 'AD'> },
): Promise<UpdateRoleResponse> {
  const actorRow = await loadActor(ctx.db, actor);
  const outcome = await ctx.db.transaction(async (tx) => {
    const target = await repository.lockUser(tx, input.user_id);
    if (!target) throw userNotFound();
    const refusal = userManagementRefusal(actor, 'change_role', target);
    if (refusal) throw forbidden(refusal);
    const from = target.role;
    const updated = from === input.role ? target : await repository.setUserRole(tx, target.id, input.role);
    // A cohort step never undoes a role set by hand, even one confirmed unchanged (unless the cohort changes after it).
    await recordRoleSetByHand(tx, target.id, new Date());
    if (from !== input.role) {
      await applyRoleToMentorCard(tx, { id: target.id, role: input.role });
      await writeAuditLog(tx, {
        actor: actorRow,
        action: 'user.role_change',
        target: { type: 'user', id: target.id, label: auditLabelOf(target) },
        details: { from, to: input.role },
      });
    }
    return { user: updated, changed: from !== input.role };
  });
  if (outcome.changed) {
    ctx.events.emit('person.changed', { userId: outcome.user.id });
    await notify(ctx, roleChangedNotice({ userId: outcome.user.id, role: input.role }));
  }
  return { detail: ADMIN_MESSAGES.roleUpdated, user: presentAdminUser(outcome.user) };
}

/**
 * Deletes someone (not yourself, not an administrator) through the same path as "Delete my
 * account" (the one leave step). The audit entry is written first, in the same
 * transaction, so it keeps their e-mail and name; their conversations stay for the other people.
 * Once that has committed, their open sockets are closed and their media and exports removed.
 */
export async function deleteUser(ctx: AppContext, actor: AuthUser, userId: number): Promise<{ detail: string }> {
  const actorRow = await loadActor(ctx.db, actor);
  const deletion = await ctx.transaction(async (work) => {
    const { tx } = work;
    const target = await repository.lockUser(tx, userId);
    if (!target) throw userNotFound();
    const refusal = userManagementRefusal(actor, 'delete', target);
    if (refusal) throw forbidden(refusal);
    await writeAuditLog(tx, {
      actor: actorRow,
      action: 'user.delete',
      target: { type: 'user', id: target.id, label: auditLabelOf(target) },
      details: {
        role: target.role,
        username: target.username,
        name: displayName({ first_name: target.firstName, last_name: target.lastName, email: target.email }),
      },
    });
    return leave(work, target, 'admin');
  });
  await finishLeave(ctx, deletion);
  return { detail: ADMIN_MESSAGES.userDeleted };
}
