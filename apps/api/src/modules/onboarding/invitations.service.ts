import { createHash, randomBytes } from 'node:crypto';
import {
  displayName,
  INVITATION_GONE_CODE,
  INVITATION_MESSAGES,
  ONBOARDING_LIMITS,
  type acceptInvitationRequestSchema,
  type createInvitationRequestSchema,
  type Invitation,
  type InvitationPage,
  type invitationsQuerySchema,
  type PublicInvitation,
  type Role,
  type TokenPair,
} from '@alumlink/contract';
import type { z } from 'zod';
import type { AppContext, UnitOfWork } from '../../app-context';
import type { Executor } from '../../db/client';
import type { InvitationRow, UserRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { AppError, conflict, forbidden, isUniqueViolation, notFound, validation } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { hashPassword } from '../../lib/passwords';
import { auditLabelOf, writeAuditLog } from '../audit-log/index';
import { accessTokenFor, createRefreshSession } from '../auth/sessions.service';
import { findUserByEmail, findUserById, insertUser, uniqueUsername, updateUser } from '../users/users.service';
import { joinCohort, requireCohort } from './cohorts.service';
import { invitationEmail } from './invitation-email';
import { presentInvitation, statusOf } from './invitations.presenter';
import * as repository from './invitations.repository';

type CreateInput = z.output<typeof createInvitationRequestSchema>;
type ListQuery = z.output<typeof invitationsQuerySchema>;
type AcceptInput = z.output<typeof acceptInvitationRequestSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const expiryFrom = (now: Date) => new Date(now.getTime() + ONBOARDING_LIMITS.invitationDays * DAY_MS);

/** A link's secret: 32 random bytes; only its SHA-256 is stored. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const invitationGone = () => new AppError(410, INVITATION_GONE_CODE, INVITATION_MESSAGES.gone);
const invitationNotFound = () => notFound(INVITATION_MESSAGES.invitationNotFound);

/** How the Join page and the list name the inviting administrator. */
export function inviterName(admin: Pick<UserRow, 'firstName' | 'lastName'>): string {
  const name = displayName({ first_name: admin.firstName, last_name: admin.lastName, email: null });
  return name === 'Anonymous' ? 'An administrator' : name;
}

async function actorRow(db: Executor, actor: AuthUser): Promise<UserRow> {
  const row = await findUserById(db, actor.id);
  // authenticate just found this person; gone now means deleted meanwhile.
  if (!row) throw forbidden();
  return row;
}

async function enqueueInvitationEmail(work: UnitOfWork, row: InvitationRow, token: string): Promise<void> {
  const cohort = await repository.findCohortName(work.tx, row.cohortId);
  await work.sendMail(
    invitationEmail(
      work.ctx.config,
      { email: row.email, firstName: row.firstName, role: row.role, invitedBy: row.invitedByLabel, cohort },
      token,
    ),
  );
}

/** Invites someone who has no account yet; the e-mail goes through the outbox with the transaction. */
export async function createInvitation(ctx: AppContext, actor: AuthUser, input: CreateInput, now: Date = new Date()): Promise<Invitation> {
  const row = await ctx.transaction(async (work) => {
    const { tx } = work;
    const admin = await actorRow(tx, actor);
    const existing = await findUserByEmail(tx, input.email, true);
    if (existing && (existing.emailVerifiedAt || !existing.isActive)) throw validation({ email: [INVITATION_MESSAGES.alreadyMember] });
    if (await repository.hasPendingInvitation(tx, input.email, now)) throw conflict(INVITATION_MESSAGES.alreadyInvited, 'already_invited');
    const cohort = input.cohort_id ? await requireCohort(tx, input.cohort_id) : null;
    const { token, tokenHash } = newToken();
    const created = await repository.insertInvitation(tx, {
      email: input.email,
      firstName: input.first_name ?? '',
      lastName: input.last_name ?? '',
      role: input.role,
      cohortId: cohort?.id ?? null,
      tokenHash,
      invitedById: admin.id,
      invitedByLabel: inviterName(admin),
      expiresAt: expiryFrom(now),
      createdAt: now,
    });
    await enqueueInvitationEmail(work, created, token);
    await writeAuditLog(tx, {
      actor: admin,
      action: 'invitation.create',
      target: { type: 'invitation', id: created.id, label: created.email },
      details: { role: created.role, cohort_id: created.cohortId },
    });
    return { ...created, cohortName: cohort?.name ?? null };
  });
  return presentInvitation(row, now);
}

export async function listInvitations(ctx: AppContext, query: ListQuery, now: Date = new Date()): Promise<InvitationPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findInvitations(ctx.db, { status: query.status, before, take: query.limit + 1, now });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map((row) => presentInvitation(row, now)), next };
}

/**
 * Resend: a pending or expired invitation gets a new link (the old one stops working) valid 14
 * days from now, e-mailed again. Revoke: a pending or expired one can no longer be accepted.
 */
export async function changeInvitation(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  action: 'resend' | 'revoke',
  now: Date = new Date(),
): Promise<Invitation> {
  const row = await ctx.transaction(async (work) => {
    const { tx } = work;
    const admin = await actorRow(tx, actor);
    const current = await repository.lockInvitation(tx, id);
    if (!current) throw invitationNotFound();
    const status = statusOf(current, now);
    if (status === 'accepted' || status === 'revoked') throw conflict(INVITATION_MESSAGES.notPending, 'invitation_not_pending');
    let updated: InvitationRow;
    if (action === 'resend') {
      const { token, tokenHash } = newToken();
      updated = await repository.updateInvitation(tx, id, { tokenHash, expiresAt: expiryFrom(now), sentCount: current.sentCount + 1 });
      await enqueueInvitationEmail(work, updated, token);
    } else {
      updated = await repository.updateInvitation(tx, id, { revokedAt: now });
    }
    await writeAuditLog(tx, {
      actor: admin,
      action: `invitation.${action}`,
      target: { type: 'invitation', id, label: current.email },
    });
    return { ...updated, cohortName: await repository.findCohortName(tx, updated.cohortId) };
  });
  return presentInvitation(row, now);
}

/** The invitation of a link, while it can be accepted; otherwise (unknown, used, revoked, expired) 410. */
async function usableInvitation(db: Executor, token: string, now: Date, lock: boolean): Promise<InvitationRow> {
  const row = await repository.findInvitationByTokenHash(db, hashToken(token), lock);
  if (!row || statusOf(row, now) !== 'pending') throw invitationGone();
  return row;
}

/** What the Join page shows before the person sets a password (no sign-in). */
export async function readInvitation(ctx: AppContext, token: string, now: Date = new Date()): Promise<PublicInvitation> {
  const row = await usableInvitation(ctx.db, token, now, false);
  return {
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role as Role,
    invited_by: row.invitedByLabel,
    cohort: await repository.findCohortName(ctx.db, row.cohortId),
  };
}

/**
 * Accepts an invitation: the account is created (or a never-verified one completed) with the
 * password, verified (the link proves the mailbox), with the invitation's role and cohort, and
 * signed in. The invitation row is locked, so a link is used once.
 */
export async function acceptInvitation(ctx: AppContext, token: string, input: AcceptInput, now: Date = new Date()): Promise<TokenPair> {
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { user, session } = await ctx.db.transaction(async (tx) => {
        const invitation = await usableInvitation(tx, token, now, true);
        const existing = await findUserByEmail(tx, invitation.email, true);
        if (existing && (existing.emailVerifiedAt || !existing.isActive))
          throw conflict(INVITATION_MESSAGES.alreadyMember, 'already_member');
        const data = {
          passwordHash,
          firstName: input.first_name || invitation.firstName,
          lastName: input.last_name || invitation.lastName,
          role: invitation.role,
          emailVerifiedAt: now,
        };
        const account = existing
          ? await updateUser(tx, existing.id, data)
          : await insertUser(tx, { email: invitation.email, username: await uniqueUsername(tx, data.firstName, data.lastName), ...data });
        if (invitation.cohortId !== null) {
          const cohort = await requireCohort(tx, invitation.cohortId);
          await joinCohort(tx, account.id, cohort, now);
        }
        await repository.updateInvitation(tx, invitation.id, { acceptedAt: now, acceptedUserId: account.id });
        await writeAuditLog(tx, {
          actor: account,
          action: 'invitation.accept',
          target: { type: 'invitation', id: invitation.id, label: auditLabelOf(account) },
          details: { role: invitation.role, cohort_id: invitation.cohortId },
        });
        return { user: account, session: await createRefreshSession(tx, account.id, now) };
      });
      return { access: await accessTokenFor(ctx, user, session.family), refresh: session.token };
    } catch (error) {
      // A parallel sign-up took the username first: look again once.
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}
