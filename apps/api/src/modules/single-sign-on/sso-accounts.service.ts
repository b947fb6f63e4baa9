import { randomBytes } from 'node:crypto';
import type { SsoError } from '@alumlink/contract';
import { and, desc, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { invitations, type InvitationRow, type UserRow } from '../../db/schema/index';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { auditLabelOf, writeAuditLog } from '../audit-log/index';
import { joinCohort, requireCohort } from '../onboarding/cohorts.service';
import { assertSignUpAllowed } from '../onboarding/sign-up-policy.service';
import { findUserByEmail, insertUser, uniqueUsername, updateUser } from '../users/users.service';
import type { ProviderIdentity } from './oidc-client';

/** Why single sign-on did not sign someone in: the callback redirects to /login?sso_error=<code>. */
export class SsoRefusal extends Error {
  constructor(readonly code: SsoError) {
    super(`single sign-on refused: ${code}`);
  }
}

/**
 * The hash of a password nobody knows: accounts made (or completed) by single sign-on have no
 * password until their owner sets one with "Forgot password?".
 */
const unusablePasswordHash = () => hashPassword(randomBytes(32).toString('base64url'));

/** The newest pending invitation to `email`, row-locked (it is accepted in the same transaction). */
async function pendingInvitationFor(tx: Executor, email: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        sql`lower(${invitations.email}) = ${email}`,
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The sign-up policy's answer for someone new without an invitation, as a refusal. */
async function assertMaySignUp(tx: Executor, email: string): Promise<void> {
  try {
    await assertSignUpAllowed(tx, email);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'invite_only' || error.code === 'domain_not_allowed'))
      throw new SsoRefusal(error.code);
    throw error;
  }
}

async function acceptInvitation(tx: Executor, invitation: InvitationRow, account: UserRow, now: Date): Promise<void> {
  if (invitation.cohortId !== null) await joinCohort(tx, account.id, await requireCohort(tx, invitation.cohortId), now);
  await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedUserId: account.id })
    .where(sql`${invitations.id} = ${invitation.id}`);
  await writeAuditLog(tx, {
    actor: account,
    action: 'invitation.accept',
    target: { type: 'invitation', id: invitation.id, label: auditLabelOf(account) },
    details: { role: invitation.role, cohort_id: invitation.cohortId, via: 'single_sign_on' },
  });
}

/**
 * The account the provider's person signs in to, linked by their e-mail, which the provider must
 * say it verified. A verified account is theirs. A never-verified one (only an e-mail and a
 * password someone typed) is completed: verified, and its password replaced, so whoever typed it
 * cannot get in. Someone new gets an account when a pending invitation to their e-mail exists
 * (its role and cohort; the invitation is accepted) or the sign-up policy lets them register.
 */
export async function accountForIdentity(ctx: AppContext, identity: ProviderIdentity, now: Date = new Date()): Promise<UserRow> {
  const email = identity.email;
  if (!email || !identity.emailVerified) throw new SsoRefusal('unverified_email');
  const known = await findUserByEmail(ctx.db, email);
  if (known && !known.isActive) throw new SsoRefusal('inactive');
  if (known?.emailVerifiedAt) return known;

  const passwordHash = await unusablePasswordHash();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const existing = await findUserByEmail(tx, email, true);
        if (existing && !existing.isActive) throw new SsoRefusal('inactive');
        if (existing?.emailVerifiedAt) return existing;
        const invitation = await pendingInvitationFor(tx, email, now);
        if (!invitation && !existing) await assertMaySignUp(tx, email);
        const firstName = identity.firstName || invitation?.firstName || '';
        const lastName = identity.lastName || invitation?.lastName || '';
        const data = {
          passwordHash,
          emailVerifiedAt: now,
          ...(invitation ? { role: invitation.role } : {}),
          ...(existing ? {} : { firstName, lastName }),
        };
        const account = existing
          ? await updateUser(tx, existing.id, data)
          : await insertUser(tx, { email, username: await uniqueUsername(tx, firstName, lastName), ...data });
        if (invitation) await acceptInvitation(tx, invitation, account, now);
        return account;
      });
    } catch (error) {
      // A parallel sign-up took the username (or the e-mail) first: look again once.
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}
