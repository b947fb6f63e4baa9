import { screen } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { appRoutes } from './router';

function renderApp(path: string) {
  return renderRoutes(appRoutes, { path });
}

/** What the user area's home asks for: the feed, the settings, the 'What's New' column and the top bar's counts. */
function serveUserHome() {
  server.use(
    http.get('/social/posts/', () => HttpResponse.json({ results: [], next: null })),
    http.get('/api/events/', () => HttpResponse.json({ results: [], next: null })),
    http.get('/social/settings/', () => HttpResponse.json(DEFAULT_SETTINGS)),
    http.get('/social/posts/user-posts/', () => HttpResponse.json({ results: [], next: null })),
    http.get('/api/activity/recent/', () => HttpResponse.json({ results: [] })),
    // The top bar's messages badge and bell, and the live connection.
    http.get('/social/conversations/', () => HttpResponse.json({ results: [], next: null })),
    http.get('/social/notifications/', () => HttpResponse.json({ results: [], next: null, unread_count: 0 })),
    ws.link('ws://localhost:3000/ws').addEventListener('connection', () => undefined),
  );
}

describe('route guards', () => {
  it('sends a visitor from /user to /login', async () => {
    const { router } = renderApp('/user');
    // The router loads the matched lazy chunks (the user shell) before it redirects: allow for a cold import.
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets any stored user into /user', async () => {
    serveUserHome();
    storeSession(buildUser({ first_name: 'Grace', last_name: 'Hopper', role: 'TR' }));
    const { router } = renderApp('/user');
    expect(await screen.findByRole('heading', { name: 'Home feed' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user');
  });

  it('keeps non-admins out of /admin', async () => {
    storeSession(buildUser({ role: 'AL' }));
    const { router } = renderApp('/admin');
    // The router loads the matched lazy chunks (the admin shell and dashboard) before it redirects.
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a stored admin into /admin (matched case-insensitively)', async () => {
    storeSession(buildUser({ first_name: 'Ada', last_name: 'Admin', role: 'AD', is_staff: true }));
    server.use(http.get('/api/admin/stats/', () => HttpResponse.json({ detail: 'down', code: 'x' }, { status: 503 })));
    renderApp('/Admin/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('logs out even when the logout call fails: storage cleared, back to /login', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/logout/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'Server exploded', code: 'internal' }, { status: 500 });
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeSession(buildUser({ role: 'IN' }), { access: 'access-x', refresh: 'refresh-x' });
    window.localStorage.setItem('theme', 'Dark');
    serveUserHome();
    const { router, user } = renderApp('/user');
    await screen.findByRole('heading', { name: 'Home feed' }, { timeout: 5000 });
    const [logoutButton] = screen.getAllByRole('button', { name: 'Logout' });
    if (!logoutButton) throw new Error('no Logout button');
    await user.click(logoutButton);

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(bodies).toEqual([{ refresh: 'refresh-x' }]);
    expect(window.localStorage.length).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Logout request failed'), expect.anything());
  });

  it('shows the 404 page for unknown routes', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
