import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR_MESSAGES, type TokenPair, type TwoFactorChallenge } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { checkIssuedCode } from './one-time-codes';
import { findUserById } from '../users/users.service';
import { codeError, enqueueCodeEmail } from './codes.service';
import { accessTokenFor, createRefreshSession } from './session-tokens.service';
import { rememberSignInAddress } from './sign-in-throttle.service';
import {
  deleteChallengesOfCode,
  deleteDeadChallengesOfUser,
  findNewestSignInCodeId,
  findTwoFactorChallenge,
  insertTwoFactorChallenge,
} from './two-factor.repository';

/** 401 for a challenge that is unknown, or whose code was used or replaced: sign in again. */
const challengeInvalid = () => new AppError(401, 'two_factor_challenge_invalid', TWO_FACTOR_MESSAGES.challengeInvalid);

/** What is stored for a challenge: its SHA-256 (hex); 32 random bytes need no slower hash. */
const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/**
 * The two-factor answer of POST /api/token/, for a person who just gave the right password: a
 * sign-in code is e-mailed (the one-minute cooldown keeps the previous one valid) and a new
 * random challenge, bound to that code, lets only this caller try it. The person's challenges
 * whose code is dead are forgotten here.
 */
export async function startTwoFactorSignIn(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  now: Date,
): Promise<TwoFactorChallenge> {
  const challenge = randomBytes(32).toString('base64url');
  await ctx.transaction(async (work) => {
    const { tx } = work;
    const sent = await enqueueCodeEmail(work, user, 'sign-in', now);
    const codeId = await findNewestSignInCodeId(tx, user.id);
    if (codeId === null) throw new Error('startTwoFactorSignIn: no sign-in code after issuing one');
    await deleteDeadChallengesOfUser(tx, user.id, now);
    await insertTwoFactorChallenge(tx, { tokenHash: hashChallenge(challenge), codeId, createdAt: now });
    return sent;
  });
  return { two_factor_required: true, detail: TWO_FACTOR_MESSAGES.codeSent, challenge };
}

/**
 * POST /api/token/verify-2fa/: the challenge of the sign-in answer and the e-mailed code → a
 * token pair. An unknown challenge, or one whose code was used or replaced (or whose person is
 * gone or inactive), is a 401 that spends nothing. Otherwise the code's usual rules apply
 * (10 minutes, 5 wrong tries, consumed once): only challenge holders, who gave the password,
 * can spend its tries.
 */
export async function completeTwoFactorSignIn(
  ctx: AppContext,
  input: { challenge: string; otp: string; address: string },
): Promise<TokenPair> {
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const challenge = await findTwoFactorChallenge(tx, hashChallenge(input.challenge));
    if (!challenge) return { result: 'gone' as const };
    const user = await findUserById(tx, challenge.userId);
    if (!user || !user.isActive || !user.emailVerifiedAt) return { result: 'gone' as const };
    const result = await checkIssuedCode(
      tx,
      ctx.config.jwtSecret,
      { userId: user.id, purpose: 'sign-in' },
      challenge.codeId,
      input.otp,
      now,
    );
    if (result !== 'ok') return { result };
    await deleteChallengesOfCode(tx, challenge.codeId);
    const session = await createRefreshSession(tx, user.id, now);
    return { result, user, session };
  });
  // Thrown after the transaction so a wrong guess's spent attempt is committed.
  if (outcome.result === 'gone') throw challengeInvalid();
  if (outcome.result !== 'ok') throw codeError(outcome.result);
  await rememberSignInAddress(ctx, outcome.user.id, input.address, now);
  return { access: await accessTokenFor(ctx, outcome.user, outcome.session.family), refresh: outcome.session.token };
}
