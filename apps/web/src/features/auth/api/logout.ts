import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { clearAllStorage, getRefreshToken } from '@/lib/storage';

/**
 * Revokes the session on the server, then clears all local storage, whatever the answer.
 * A failed call is only logged, as the specification says.
 */
export async function logout(): Promise<void> {
  const refresh = getRefreshToken();
  try {
    await apiRequest('/api/auth/logout/', { method: 'POST', body: { refresh } });
  } catch (error) {
    console.warn('Logout request failed; signing out locally.', error);
  } finally {
    clearAllStorage();
  }
}

/** Logout for the shells: sign out, forget cached data, go to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // Nothing may still be fetching with the token the logout is about to end (it would get a 401).
    await queryClient.cancelQueries();
    await logout();
    queryClient.clear();
    await navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
