import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { ApiError, apiRequest, NetworkError, sendEarly, setSessionExpiredHandler } from './api-client';

function storeTokens(access: string, refresh: string) {
  window.localStorage.setItem('access_token', access);
  window.localStorage.setItem('refresh_token', refresh);
}

/** A protected endpoint that accepts only `validToken`. */
function protectedEndpoint(path: string, validToken: () => string, calls: string[]) {
  return http.get(path, ({ request }) => {
    const auth = request.headers.get('Authorization') ?? '';
    calls.push(auth);
    return auth === `Bearer ${validToken()}`
      ? HttpResponse.json({ ok: true })
      : HttpResponse.json({ detail: 'Token expired', code: 'token_not_valid' }, { status: 401 });
  });
}

describe('api client', () => {
  afterEach(() => setSessionExpiredHandler(() => undefined));

  it('refreshes once on a 401, stores both new tokens and retries with the new token', async () => {
    storeTokens('old-access', 'old-refresh');
    const calls: string[] = [];
    const refreshBodies: unknown[] = [];
    server.use(
      protectedEndpoint('/api/things/', () => 'new-access', calls),
      http.post('/api/token/refresh/', async ({ request }) => {
        refreshBodies.push(await request.json());
        return HttpResponse.json({ access: 'new-access', refresh: 'new-refresh' });
      }),
    );

    await expect(apiRequest('/api/things/')).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(refreshBodies).toEqual([{ refresh: 'old-refresh' }]);
    expect(window.localStorage.getItem('access_token')).toBe('new-access');
    expect(window.localStorage.getItem('refresh_token')).toBe('new-refresh');
  });

  it('lets the first matching GET take an early request, which still refreshes on a 401; later calls send their own', async () => {
    storeTokens('old-access', 'old-refresh');
    const calls: string[] = [];
    const posts: string[] = [];
    server.use(
      protectedEndpoint('/api/things/', () => 'new-access', calls),
      http.post('/api/things/', ({ request }) => {
        posts.push(request.headers.get('Authorization') ?? '');
        return HttpResponse.json({ posted: true });
      }),
      http.post('/api/token/refresh/', () => HttpResponse.json({ access: 'new-access', refresh: 'new-refresh' })),
    );
    void sendEarly('/api/things/');
    // A POST to the same path sends its own request.
    await expect(apiRequest('/api/things/', { method: 'POST', body: {} })).resolves.toEqual({ posted: true });
    expect(posts).toEqual(['Bearer old-access']);
    await expect(apiRequest('/api/things/')).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['Bearer old-access', 'Bearer new-access']);
    await expect(apiRequest('/api/things/')).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['Bearer old-access', 'Bearer new-access', 'Bearer new-access']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    storeTokens('old-access', 'old-refresh');
    let refreshCalls = 0;
    const calls: string[] = [];
    server.use(
      protectedEndpoint('/api/things/', () => 'new-access', calls),
      http.post('/api/token/refresh/', () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: 'new-access', refresh: 'new-refresh' });
      }),
    );

    const results = await Promise.all([apiRequest('/api/things/'), apiRequest('/api/things/'), apiRequest('/api/things/')]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshCalls).toBe(1);
  });

  it('retries only once: a second 401 is thrown, not refreshed again', async () => {
    storeTokens('old-access', 'old-refresh');
    let refreshCalls = 0;
    const calls: string[] = [];
    server.use(
      protectedEndpoint('/api/things/', () => 'never-valid', calls),
      http.post('/api/token/refresh/', () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: `new-access-${refreshCalls}`, refresh: 'new-refresh' });
      }),
    );

    const error = await apiRequest('/api/things/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(refreshCalls).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('clears all local storage and sends the user to /login when the refresh fails', async () => {
    storeTokens('old-access', 'old-refresh');
    window.localStorage.setItem('user', JSON.stringify({ id: 1, role: 'AL' }));
    window.localStorage.setItem('user_id', '1');
    window.localStorage.setItem('theme', 'Dark');
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    server.use(
      protectedEndpoint('/api/things/', () => 'new-access', []),
      http.post('/api/token/refresh/', () => HttpResponse.json({ detail: 'Token is invalid', code: 'token_not_valid' }, { status: 401 })),
    );

    await expect(apiRequest('/api/things/')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.length).toBe(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('does not try to refresh for calls made without a token', async () => {
    server.use(
      http.post('/api/token/', () =>
        HttpResponse.json({ detail: 'No active account found with the given credentials', code: 'invalid_credentials' }, { status: 401 }),
      ),
    );

    const error = await apiRequest('/api/token/', { method: 'POST', body: { email: 'a@b.co', password: 'x' }, auth: false }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('No active account found with the given credentials');
    expect((error as ApiError).code).toBe('invalid_credentials');
  });

  it('throws a NetworkError when there is no response at all', async () => {
    server.use(http.get('/api/things/', () => HttpResponse.error()));
    await expect(apiRequest('/api/things/')).rejects.toBeInstanceOf(NetworkError);
  });

  it('reads field errors and picks the first one in a given order', async () => {
    server.use(
      http.post('/users/register/', () =>
        HttpResponse.json({ password: ['Too short.'], email: ['Taken.'], non_field_errors: ['Nope.'] }, { status: 400 }),
      ),
    );
    const error = (await apiRequest('/users/register/', { method: 'POST', body: {} }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.fieldErrors).toEqual({ password: ['Too short.'], email: ['Taken.'], non_field_errors: ['Nope.'] });
    expect(error.firstFieldError(['email', 'password'])).toBe('Taken.');
    expect(error.firstFieldError(['first_name'])).toBeNull();
    expect(error.detail).toBeNull();
  });

  it('sends JSON with the bearer token and FormData without a JSON content type', async () => {
    storeTokens('token-a', 'refresh-a');
    const seen: Array<{ type: string | null; auth: string | null }> = [];
    server.use(
      http.post('/social/posts/', ({ request }) => {
        seen.push({ type: request.headers.get('Content-Type'), auth: request.headers.get('Authorization') });
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    await apiRequest('/social/posts/', { method: 'POST', body: { caption: 'hi' } });
    const form = new FormData();
    form.set('caption', 'hi');
    await apiRequest('/social/posts/', { method: 'POST', body: form });
    expect(seen[0]).toEqual({ type: 'application/json', auth: 'Bearer token-a' });
    expect(seen[1]?.type).toMatch(/^multipart\/form-data/);
  });
});

/** The Web Locks API as browsers share it between the tabs of an origin (jsdom has none). */
function installWebLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(window.navigator, 'locks', { value: locks, configurable: true });
  return () => Reflect.deleteProperty(window.navigator, 'locks');
}

describe('api client in several tabs', () => {
  it('two tabs hitting a 401 together refresh once: the second uses the tokens the first stored', async () => {
    const uninstall = installWebLocks();
    try {
      storeTokens('old-access', 'old-refresh');
      const refreshBodies: unknown[] = [];
      const calls: string[] = [];
      server.use(
        protectedEndpoint('/api/things/', () => 'new-access', calls),
        http.post('/api/token/refresh/', async ({ request }) => {
          const body = (await request.json()) as { refresh: string };
          refreshBodies.push(body);
          // Rotation: a refresh token works once; a reused one ends the session.
          if (body.refresh !== 'old-refresh')
            return HttpResponse.json({ detail: 'Token is invalid', code: 'token_not_valid' }, { status: 401 });
          await new Promise((resolve) => setTimeout(resolve, 20));
          return HttpResponse.json({ access: 'new-access', refresh: 'new-refresh' });
        }),
      );
      // Each tab has its own copy of the module (its own in-tab single flight); they share storage and locks.
      const tabA = await import('./api-client');
      vi.resetModules();
      const tabB = await import('./api-client');
      expect(tabB).not.toBe(tabA);
      const expired = vi.fn();
      tabA.setSessionExpiredHandler(expired);
      tabB.setSessionExpiredHandler(expired);

      const results = await Promise.all([tabA.apiRequest('/api/things/'), tabB.apiRequest('/api/things/')]);
      expect(results).toEqual([{ ok: true }, { ok: true }]);
      expect(refreshBodies).toEqual([{ refresh: 'old-refresh' }]);
      expect(expired).not.toHaveBeenCalled();
      expect(window.localStorage.getItem('refresh_token')).toBe('new-refresh');
    } finally {
      uninstall();
    }
  });
});
