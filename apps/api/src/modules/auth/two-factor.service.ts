import type { TokenPair } from '@alumlink/contract';
import { checkCode } from '../../lib/one-time-codes';
import { findUserByEmail } from '../users/users.service';
import type { AuthContext } from './auth.context';
import { codeError } from './codes.service';
import { accessTokenFor, createRefreshSession } from './sessions.service';
import { rememberSignInAddress } from './sign-in-throttle.service';

/**
 * POST /api/token/verify-2fa/: the sign-in code → a token pair. An unknown or inactive e-mail
 * answers like a wrong code; codes follow the usual rules (10 minutes, 5 tries, consumed once).
 */
export async function completeTwoFactorSignIn(ctx: AuthContext, input: { email: string; otp: string; address: string }): Promise<TokenPair> {
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email, true);
    if (!user || !user.isActive || !user.emailVerifiedAt) return { result: 'invalid' as const };
    const result = await checkCode(tx, ctx.config.jwtSecret, { userId: user.id, purpose: 'sign-in' }, input.otp, now);
    if (result !== 'ok') return { result };
    const session = await createRefreshSession(tx, user.id, now);
    return { result, user, session };
  });
  // Thrown after the transaction so a wrong guess's spent attempt is committed.
  if (outcome.result !== 'ok') throw codeError(outcome.result);
  await rememberSignInAddress(ctx, outcome.user.id, input.address, now);
  return { access: await accessTokenFor(ctx, outcome.user, outcome.session.family), refresh: outcome.session.token };
}
