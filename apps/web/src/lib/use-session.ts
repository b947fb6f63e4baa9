import { useSyncExternalStore } from 'react';
import type { User } from '@alumlink/contract';
import { getStoredUser, subscribeToSession, STORAGE_KEYS } from './storage';

function readUserSnapshot(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    return null;
  }
}

/** The stored user, re-rendering when someone signs in or out. */
export function useStoredUser(): User | null {
  // The raw string is the snapshot so React sees a stable value between changes.
  const raw = useSyncExternalStore(subscribeToSession, readUserSnapshot, () => null);
  return raw === null ? null : getStoredUser();
}
