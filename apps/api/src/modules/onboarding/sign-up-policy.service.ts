import {
  DOMAIN_NOT_ALLOWED_CODE,
  INVITE_ONLY_CODE,
  SIGN_UP_MESSAGES,
  signUpAllows,
  signUpPolicySchema,
  type SignUpPolicy,
} from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { siteSettings } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { writeAuditLog } from '../audit-log/index';
import { findUserById } from '../users/users.service';

const POLICY_KEY = 'sign_up_policy';
const OPEN: SignUpPolicy = { mode: 'open', domains: [] };

/** The sign-up policy in force (open until an administrator chooses). */
export async function readSignUpPolicy(db: Executor): Promise<SignUpPolicy> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, POLICY_KEY));
  const parsed = row ? signUpPolicySchema.safeParse(row.value) : null;
  return parsed?.success ? parsed.data : OPEN;
}

/** Saves the policy (domains kept only in `domains` mode, without duplicates) and logs who changed it. */
export async function saveSignUpPolicy(ctx: AppContext, actor: AuthUser, policy: SignUpPolicy): Promise<SignUpPolicy> {
  const saved: SignUpPolicy = { mode: policy.mode, domains: policy.mode === 'domains' ? [...new Set(policy.domains)] : [] };
  await ctx.db.transaction(async (tx) => {
    const admin = await findUserById(tx, actor.id);
    if (!admin) throw forbidden();
    const before = await readSignUpPolicy(tx);
    const now = new Date();
    await tx
      .insert(siteSettings)
      .values({ key: POLICY_KEY, value: saved, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: saved, updatedAt: now } });
    await writeAuditLog(tx, {
      actor: admin,
      action: 'sign_up_policy.update',
      target: { type: 'site', id: null, label: 'Sign-up policy' },
      details: { from: before, to: saved },
    });
  });
  return saved;
}

/** Registration asks here first: 403 `invite_only`, or 403 `domain_not_allowed` for an e-mail outside the listed domains. */
export async function assertSignUpAllowed(db: Executor, email: string): Promise<void> {
  const policy = await readSignUpPolicy(db);
  if (signUpAllows(policy, email)) return;
  if (policy.mode === 'invite_only') throw forbidden(SIGN_UP_MESSAGES.inviteOnly, INVITE_ONLY_CODE);
  throw forbidden(
    `${SIGN_UP_MESSAGES.domainNotAllowed} (${policy.domains.map((domain) => `@${domain}`).join(', ')})`,
    DOMAIN_NOT_ALLOWED_CODE,
  );
}
