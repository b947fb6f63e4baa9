import { ACCOUNT_MESSAGES, AUTH_MESSAGES, type User } from '@alumlink/contract';
import type { changeEmailRequestSchema, changePasswordRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { conflict, isUniqueViolation, notFound, validation } from '../../lib/errors';
import { checkCodeWithTarget } from '../auth/codes.service';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { codeError, enqueueCodeEmail } from '../auth/codes.service';
import { endAttemptsOf } from '../auth/registration-attempts.service';
import { accessTokenFor, announceSessionsEnded, createRefreshSession, endAllSessionsOf } from '../auth/session-tokens.service';
import { presentUser } from '../users/users.presenter';
import { findUserByEmail, findUserById, updateUser } from '../users/users.service';
import { emailChangedEmail, passwordChangedEmail } from './account.emails';

type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
type ChangeEmailInput = z.output<typeof changeEmailRequestSchema>;

const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken, 'email_taken');

/**
 * The signed-in person's row, once `password` is their current password; otherwise a 400
 * `{current_password: [...]}` (missing and wrong have their own texts). Needed before a change
 * of password or e-mail and before turning two-factor off, so a stolen access token alone
 * cannot lock the owner out.
 */
export async function requireCurrentPassword(ctx: AppContext, userId: number, password: string | undefined): Promise<UserRow> {
  if (password === undefined || password === '') throw validation({ current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] });
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, password))) throw validation({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
  return user;
}

/**
 * POST /api/account/password/: sets the new password and ends every sign-in of the person (their
 * access tokens are refused and sockets closed at once), then answers the caller the tokens of a
 * new one; the owner gets a notice by e-mail.
 */
export async function changePassword(
  ctx: AppContext,
  caller: AuthUser,
  input: ChangePasswordInput,
): Promise<{ detail: string; tokens: { access: string; refresh: string } }> {
  const user = await requireCurrentPassword(ctx, caller.id, input.current_password);
  // Hashed before the transaction: never hold a transaction open across slow work.
  const passwordHash = await hashPassword(input.new_password);
  const now = new Date();
  const refresh = await ctx.transaction(async (work) => {
    await updateUser(work.tx, user.id, { passwordHash });
    await endAllSessionsOf(work.tx, user.id, now);
    await work.sendMail(passwordChangedEmail(ctx.config, user));
    return createRefreshSession(work.tx, user.id, now);
  });
  // Every family but the new one has ended: close their sockets.
  announceSessionsEnded(ctx, user.id);
  return {
    detail: ACCOUNT_MESSAGES.passwordChanged,
    tokens: { access: await accessTokenFor(ctx, user, refresh.family), refresh: refresh.token },
  };
}

/**
 * POST /api/account/email/: e-mails a code (purpose email-change, carrying the new address) to
 * the new address. An address that already has an account is a 409: the caller proved their
 * password, and a silent "sent" that can never be confirmed would be worse.
 */
export async function requestEmailChange(
  ctx: AppContext,
  caller: AuthUser,
  input: ChangeEmailInput,
): Promise<{ detail: string; new_email: string }> {
  const user = await requireCurrentPassword(ctx, caller.id, input.current_password);
  if (input.new_email === user.email.toLowerCase()) throw validation({ new_email: [ACCOUNT_MESSAGES.emailSame] });
  await ctx.transaction(async (work) => {
    if (await findUserByEmail(work.tx, input.new_email)) throw emailTaken();
    return enqueueCodeEmail(
      work,
      { id: user.id, email: input.new_email, firstName: user.firstName },
      'email-change',
      new Date(),
      input.new_email,
    );
  });
  return { detail: ACCOUNT_MESSAGES.emailCodeSent, new_email: input.new_email };
}

/**
 * POST /api/account/email/confirm/: the code from the new address switches the e-mail (verified
 * by that code), ends pending sign-ups of the address and tells the old address.
 */
export async function confirmEmailChange(ctx: AppContext, caller: AuthUser, otp: string): Promise<{ detail: string; user: User }> {
  const now = new Date();
  let outcome;
  try {
    outcome = await ctx.transaction(async (work) => {
      const { tx } = work;
      const check = await checkCodeWithTarget(tx, ctx.config.jwtSecret, { userId: caller.id, purpose: 'email-change' }, otp, now);
      if (typeof check === 'string') return { result: check };
      const before = await findUserById(tx, caller.id);
      if (!before || !check.target) return { result: 'invalid' as const };
      // Someone verified this address meanwhile: the check inside the transaction (and the unique index) refuse it.
      if (await findUserByEmail(tx, check.target)) throw emailTaken();
      const user = await updateUser(tx, caller.id, { email: check.target, emailVerifiedAt: now });
      await endAttemptsOf(tx, check.target, now);
      await work.sendMail(emailChangedEmail(ctx.config, before, check.target));
      return { result: 'ok' as const, user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  // Thrown after the transaction so a wrong guess's spent try is committed.
  if (outcome.result !== 'ok') throw codeError(outcome.result);
  ctx.events.emit('person.changed', { userId: caller.id });
  return { detail: ACCOUNT_MESSAGES.emailChanged, user: presentUser(outcome.user) };
}
