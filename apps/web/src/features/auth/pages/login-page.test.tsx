import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SIGN_IN_THROTTLED_CODE } from '@alumlink/contract';
import { buildUser } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderPage(<LoginPage />, { path: '/login', stubs: ['/admin', '/user', '/signup', '/forgot-password'] });
}

async function fillAndSubmit(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('is titled and links to sign-up and forgot password', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('requires both e-mail and password, after trimming, without calling the server', async () => {
    const { user } = renderLogin();
    await fillAndSubmit(user, 'ada@example.com', '   ');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginRequired);

    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    await fillAndSubmit(user, '', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginRequired);
  });

  it("shows the server's detail when sign-in is refused", async () => {
    server.use(
      http.post('/api/token/', () =>
        HttpResponse.json({ detail: AUTH_MESSAGES.invalidCredentials, code: 'invalid_credentials' }, { status: 401 }),
      ),
    );
    const { user } = renderLogin();
    await fillAndSubmit(user, 'ada@example.com', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    server.use(http.post('/api/token/', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderLogin();
    await fillAndSubmit(user, 'ada@example.com', 'some-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginFailed);
  });

  it('shows the network text when there is no response', async () => {
    server.use(http.post('/api/token/', () => HttpResponse.error()));
    const { user } = renderLogin();
    await fillAndSubmit(user, 'ada@example.com', 'some-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginNetwork);
  });

  it.each([
    { isStaff: true, role: 'AD' as const, destination: '/admin' },
    { isStaff: false, role: 'AL' as const, destination: '/user' },
  ])('stores the session and sends is_staff=$isStaff to $destination', async ({ isStaff, role, destination }) => {
    const profile = buildUser({ id: 42, is_staff: isStaff, role });
    const tokenBodies: unknown[] = [];
    server.use(
      http.post('/api/token/', async ({ request }) => {
        tokenBodies.push(await request.json());
        return HttpResponse.json({ access: 'access-ok', refresh: 'refresh-ok' });
      }),
      http.get('/social/user-profiles/me/', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-ok'
          ? HttpResponse.json(profile)
          : HttpResponse.json({ detail: 'no' }, { status: 401 }),
      ),
    );
    const { user, router } = renderLogin();
    await fillAndSubmit(user, '  ada@example.com ', 'right-pass');

    expect(await screen.findByText(`Stub page ${destination}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(destination);
    expect(tokenBodies).toEqual([{ email: 'ada@example.com', password: 'right-pass' }]);
    expect(window.localStorage.getItem('access_token')).toBe('access-ok');
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-ok');
    expect(window.localStorage.getItem('user_id')).toBe('42');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(profile);
  });

  it('after a throttled answer shows the message and an unlock-code field, focused, and sends the code with the password', async () => {
    const throttled =
      "Too many failed sign-ins for this account. Try again in 60 seconds, or enter the unlock code we e-mailed to the account's owner together with the password.";
    const profile = buildUser({ id: 7, role: 'AL' });
    const tokenBodies: unknown[] = [];
    server.use(
      http.post('/api/token/', async ({ request }) => {
        const body = (await request.json()) as { unlock_code?: string };
        tokenBodies.push(body);
        if (body.unlock_code !== '123456') {
          return HttpResponse.json({ detail: throttled, code: SIGN_IN_THROTTLED_CODE }, { status: 429, headers: { 'Retry-After': '60' } });
        }
        return HttpResponse.json({ access: 'access-ok', refresh: 'refresh-ok' });
      }),
      http.get('/social/user-profiles/me/', () => HttpResponse.json(profile)),
    );
    const { user } = renderLogin();
    expect(screen.queryByLabelText('Unlock code')).not.toBeInTheDocument();
    await fillAndSubmit(user, 'ada@example.com', 'right-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent(throttled);
    const unlock = await screen.findByLabelText('Unlock code');
    expect(unlock).toHaveFocus();
    expect(unlock).toHaveAccessibleDescription(/6-digit code we e-mailed/);
    await user.type(unlock, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Stub page /user')).toBeInTheDocument();
    expect(tokenBodies).toEqual([
      { email: 'ada@example.com', password: 'right-pass' },
      { email: 'ada@example.com', password: 'right-pass', unlock_code: '123456' },
    ]);
  });
});
