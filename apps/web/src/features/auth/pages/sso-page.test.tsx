import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SSO_CODE_INVALID, SSO_MESSAGES } from '@alumlink/contract';
import { buildUser } from '@/testing/factories';
import { renderPage, renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { LoginPage } from './login-page';
import { SSO_PAGE_MESSAGES, SsoPage } from './sso-page';

const stubs = ['/user', '/admin', '/login'];

describe('single sign-on pages', () => {
  it('/login shows "Sign in with …" going to the API start route when it is on, and why the last one failed', async () => {
    server.use(http.get('/api/auth/oidc/', () => HttpResponse.json({ enabled: true, label: 'Sign in with Acme' })));
    renderRoutes([{ path: '/login', element: <LoginPage /> }], { path: '/login?sso_error=invite_only' });
    const button = await screen.findByRole('link', { name: 'Sign in with Acme' });
    expect(button.getAttribute('href')).toMatch(/\/api\/auth\/oidc\/start\/$/);
    expect(await screen.findByText(SSO_MESSAGES.errors.invite_only)).toBeInTheDocument();
  });

  it('/login shows no button when it is off', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    await screen.findByRole('button', { name: 'Sign in' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /sign in with/i })).toBeNull();
  });

  it('/login/sso exchanges the code once and lands signed in', async () => {
    let exchanges = 0;
    server.use(
      http.post('/api/auth/oidc/exchange/', async ({ request }) => {
        exchanges += 1;
        expect(await request.json()).toEqual({ code: 'one-time-code' });
        return HttpResponse.json({ access: 'access-token', refresh: 'refresh-token' });
      }),
      http.get('/social/user-profiles/me/', () => HttpResponse.json(buildUser({ is_staff: false }))),
    );
    renderRoutes([{ path: '/login/sso', element: <SsoPage /> }, ...stubs.map((path) => ({ path, element: <p>Stub page {path}</p> }))], {
      path: '/login/sso?code=one-time-code',
    });
    expect(screen.getByRole('status')).toHaveTextContent(SSO_PAGE_MESSAGES.loading);
    expect(await screen.findByText('Stub page /user')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBe('access-token');
    expect(exchanges).toBe(1);
  });

  it("/login/sso shows the server's reason for a used code, with a way back", async () => {
    server.use(
      http.post('/api/auth/oidc/exchange/', () =>
        HttpResponse.json({ detail: SSO_MESSAGES.codeInvalid, code: SSO_CODE_INVALID }, { status: 400 }),
      ),
    );
    renderRoutes([{ path: '/login/sso', element: <SsoPage /> }], { path: '/login/sso?code=used-code' });
    expect(await screen.findByText(SSO_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('/login/sso without a code says what is missing', () => {
    renderPage(<SsoPage />, { path: '/login/sso' });
    expect(screen.getByRole('alert')).toHaveTextContent(SSO_PAGE_MESSAGES.missing);
  });
});
