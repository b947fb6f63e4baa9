import type { z } from 'zod';
import { ApiError, NetworkError } from './api-errors';
import { clearAllStorage, getAccessToken, getRefreshToken, setTokens } from './storage';

export { ApiError, NetworkError, isApiError, isNetworkError, type FieldErrors } from './api-errors';

/** The one API base setting: empty means the same origin that served the app. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

const REFRESH_PATH = '/api/token/refresh/';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the bearer token and refresh it on a 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

let handleSessionExpired: () => void = () => window.location.assign('/login');

/** The app registers its router's navigation here; used when a refresh fails. */
export function setSessionExpiredHandler(handler: () => void): void {
  handleSessionExpired = handler;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(apiUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

function isTokenPair(value: unknown): value is { access: string; refresh?: string } {
  return typeof value === 'object' && value !== null && typeof (value as { access?: unknown }).access === 'string';
}

async function requestNewAccessToken(): Promise<string> {
  const refresh = getRefreshToken();
  if (!refresh) throw new ApiError(401, { detail: 'No refresh token', code: 'not_authenticated' });
  const response = await send(REFRESH_PATH, { method: 'POST', body: { refresh } }, null);
  const body = await readBody(response);
  if (!response.ok || !isTokenPair(body)) throw new ApiError(response.status, body);
  setTokens({ access: body.access, refresh: body.refresh ?? refresh });
  return body.access;
}

const REFRESH_LOCK = 'alumlink:token-refresh';

/**
 * Refreshes unless another tab already did. Refresh tokens work once (reuse ends the session),
 * and every tab reads the same stored tokens, so tabs refresh one at a time under a Web Lock;
 * a tab that waited finds the access token changed and uses it. Without Web Locks, it refreshes.
 */
async function refreshAcrossTabs(staleAccess: string | null): Promise<string> {
  const refreshUnlessDone = async () => {
    const current = getAccessToken();
    return current && current !== staleAccess ? current : requestNewAccessToken();
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK, refreshUnlessDone) : refreshUnlessDone();
}

let refreshInFlight: Promise<string> | null = null;

/** One refresh at a time: concurrent 401s wait for the same call (and other tabs, refreshAcrossTabs). */
function refreshAccessToken(staleAccess: string | null = getAccessToken()): Promise<string> {
  refreshInFlight ??= refreshAcrossTabs(staleAccess).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Refreshes the access token (for the realtime socket after its 4401 close). Resolves with the new
 * token, or null when the session is over (storage cleared, session-expired handler called).
 * A network failure rejects with NetworkError so the caller can retry later.
 */
export async function refreshSession(): Promise<string | null> {
  try {
    return await refreshAccessToken();
  } catch (error) {
    if (error instanceof NetworkError) throw error;
    clearAllStorage();
    handleSessionExpired();
    return null;
  }
}

/** How long an early request waits for the call that takes it; after that the call sends its own. */
const EARLY_REQUEST_TTL_MS = 10_000;
const earlyRequests = new Map<string, { sentAt: number; token: string; response: Promise<Response> }>();

/**
 * Sends a signed-in GET before the code that reads its answer has loaded (the page's first data,
 * from main.tsx): the first GET of the same URL made within 10 s takes this response instead of
 * sending its own, then handles it as usual (refresh on 401, errors, schema). The response is
 * returned too, for a caller that wants to look at it early.
 */
export function sendEarly(path: string, query?: Record<string, QueryValue>): Promise<Response> | null {
  const token = getAccessToken();
  if (!token) return null;
  const response = send(path, { method: 'GET', query }, token);
  // Nobody may take it (the visitor left the page): its failure must not be reported as unhandled.
  response.catch(() => undefined);
  earlyRequests.set(apiUrl(path, query), { sentAt: Date.now(), token, response });
  return response;
}

function takeEarlyRequest(path: string, options: RequestOptions): { token: string; response: Promise<Response> } | null {
  if ((options.method ?? 'GET') !== 'GET' || options.body !== undefined || options.auth === false) return null;
  const url = apiUrl(path, options.query);
  const early = earlyRequests.get(url);
  earlyRequests.delete(url);
  return early && Date.now() - early.sentAt < EARLY_REQUEST_TTL_MS ? early : null;
}

async function sendWithRefresh(path: string, options: RequestOptions): Promise<Response> {
  const early = takeEarlyRequest(path, options);
  const useAuth = options.auth ?? true;
  const token = early ? early.token : useAuth ? getAccessToken() : null;
  const response = await (early ? early.response : send(path, options, token));
  if (response.status !== 401 || !token) return response;

  let fresh: string;
  try {
    // Uses the stored token instead when another request or tab refreshed meanwhile (refreshAcrossTabs).
    fresh = await refreshAccessToken(token);
  } catch (error) {
    if (error instanceof NetworkError) throw error;
    clearAllStorage();
    handleSessionExpired();
    return response;
  }
  return send(path, options, fresh);
}

export function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions & { schema: S }): Promise<z.output<S>>;
export function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest(path: string, options: RequestOptions & { schema?: z.ZodType } = {}): Promise<unknown> {
  const response = await sendWithRefresh(path, options);
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return options.schema ? options.schema.parse(body) : body;
}

/** A signed-in GET of bytes (an image only its audience may fetch: an <img> cannot send the token). */
export async function apiBlob(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Blob> {
  const response = await sendWithRefresh(path, { ...options, method: 'GET' });
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  return response.blob();
}

type MethodOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands: `api.get(path, { schema })`, `api.post(path, body, { schema })`. */
export const api = {
  get: <S extends z.ZodType>(path: string, options: MethodOptions & { schema: S }) => apiRequest(path, { ...options, method: 'GET' }),
  post: <S extends z.ZodType>(path: string, body: unknown, options: MethodOptions & { schema: S }) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  put: <S extends z.ZodType>(path: string, body: unknown, options: MethodOptions & { schema: S }) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  patch: <S extends z.ZodType>(path: string, body: unknown, options: MethodOptions & { schema: S }) =>
    apiRequest(path, { ...options, method: 'PATCH', body }),
  delete: (path: string, options: MethodOptions & { body?: unknown } = {}) => apiRequest(path, { ...options, method: 'DELETE' }),
  /** A call whose answer is not read (e.g. logout). */
  send: (path: string, options: RequestOptions = {}) => apiRequest(path, options),
};
