import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AUTH_MESSAGES,
  isTwoFactorChallenge,
  loginResponseSchema,
  SIGN_IN_THROTTLED_CODE,
  tokenPairSchema,
  type User,
  type VerifyTwoFactorRequest,
} from '@alumlink/contract';
import { api, isApiError, isNetworkError } from '@/lib/api-client';
import { clearAllStorage, setStoredUser, setTokens } from '@/lib/storage';
import { getMe } from './get-me';
import { authKeys } from './keys';

export interface Credentials {
  email: string;
  password: string;
  /** The code e-mailed to the owner of a throttled account. */
  unlock_code?: string;
}

/**
 * Signed in (the profile is stored), or asked for the e-mailed code of two-factor sign-in, with
 * the challenge that lets this sign-in (and only it) try the code.
 */
export type LoginResult = { status: 'signed-in'; user: User } | { status: 'two-factor'; email: string; detail: string; challenge: string };

/** Saves the tokens, then fetches and stores the profile (nothing stays stored if that fails). */
export async function completeSignIn(tokens: { access: string; refresh: string }): Promise<User> {
  setTokens(tokens);
  try {
    const user = await getMe();
    setStoredUser(user);
    return user;
  } catch (error) {
    clearAllStorage();
    throw error;
  }
}

/** Sign-in of the specification: save the tokens, then fetch and store the profile. */
export async function login(credentials: Credentials): Promise<LoginResult> {
  const response = await api.post('/api/token/', credentials, { schema: loginResponseSchema, auth: false });
  if (isTwoFactorChallenge(response)) {
    return { status: 'two-factor', email: credentials.email, detail: response.detail, challenge: response.challenge };
  }
  return { status: 'signed-in', user: await completeSignIn(response) };
}

/** Second step of a two-factor sign-in: the sign-in's challenge and the e-mailed code → tokens → the stored profile. */
export async function verifyTwoFactor(input: VerifyTwoFactorRequest): Promise<User> {
  const tokens = await api.post('/api/token/verify-2fa/', input, { schema: tokenPairSchema, auth: false });
  return completeSignIn(tokens);
}

/** Puts the signed-in profile in the query cache, where the app reads the current person from. */
export function cacheSignedInUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(authKeys.me(), user);
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: (user) => cacheSignedInUser(queryClient, user),
  });
}

/** True when the account's sign-in is throttled after repeated failures (the unlock code helps). */
export function isSignInThrottled(error: unknown): boolean {
  return isApiError(error) && error.status === 429 && error.code === SIGN_IN_THROTTLED_CODE;
}

/** The server's message, else 'Login failed'; no answer at all: the network text. */
export function loginErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return AUTH_MESSAGES.loginNetwork;
  if (isApiError(error)) return error.serverMessage ?? AUTH_MESSAGES.loginFailed;
  return AUTH_MESSAGES.loginFailed;
}
