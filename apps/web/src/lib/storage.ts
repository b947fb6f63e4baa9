import type { User } from '@alumlink/contract';

/** The specification's browser local-storage keys. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user',
  userId: 'user_id',
  theme: 'theme',
} as const;

const SESSION_EVENT = 'alumlink:session';
const ROLES: readonly string[] = ['AD', 'TR', 'IN', 'AL'];

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session simply does not persist.
  }
}

function notifySessionChange(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refreshToken);
}

export function setTokens(tokens: { access: string; refresh: string }): void {
  write(STORAGE_KEYS.accessToken, tokens.access);
  write(STORAGE_KEYS.refreshToken, tokens.refresh);
}

function isStoredUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { id?: unknown; role?: unknown };
  return typeof candidate.id === 'number' && typeof candidate.role === 'string' && ROLES.includes(candidate.role);
}

/**
 * The signed-in person's profile as stored at sign-in. Only id and role are checked here
 * (zod stays out of the landing bundle); the profile was validated when it was fetched.
 */
export function getStoredUser(): User | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: User): void {
  write(STORAGE_KEYS.user, JSON.stringify(user));
  write(STORAGE_KEYS.userId, String(user.id));
  notifySessionChange();
}

/** Logout rule of the specification: all local storage goes, the theme included. */
export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored that we could clear.
  }
  notifySessionChange();
}

export function getStoredTheme(): string | null {
  return read(STORAGE_KEYS.theme);
}

export function setStoredTheme(theme: string): void {
  write(STORAGE_KEYS.theme, theme);
}

/** Subscribes to sign-in/sign-out in this tab and in others (for useSyncExternalStore). */
export function subscribeToSession(onChange: () => void): () => void {
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.user) onChange();
  };
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener('storage', handleStorage);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener('storage', handleStorage);
  };
}
