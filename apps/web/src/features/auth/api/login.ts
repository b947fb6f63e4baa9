import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, tokenPairSchema, type User } from '@alumlink/contract';
import { api, isApiError, isNetworkError } from '@/lib/api-client';
import { clearAllStorage, setStoredUser, setTokens } from '@/lib/storage';
import { getMe } from './get-me';
import { authKeys } from './keys';

export interface Credentials {
  email: string;
  password: string;
}

/** Sign-in of the specification: save the tokens, then fetch and store the profile. */
export async function login(credentials: Credentials): Promise<User> {
  const tokens = await api.post('/api/token/', credentials, { schema: tokenPairSchema, auth: false });
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

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(authKeys.me(), user),
  });
}

/** The server's message, else 'Login failed'; no answer at all: the network text. */
export function loginErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return AUTH_MESSAGES.loginNetwork;
  if (isApiError(error)) return error.serverMessage ?? AUTH_MESSAGES.loginFailed;
  return AUTH_MESSAGES.loginFailed;
}
