import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@alumlink/contract';
import { buildUser } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderPage(<LoginPage />, { path: '/login', stubs: ['/admin', '/user', '/events'] });
}

async function signIn(user: ReturnType<typeof renderLogin>['user']) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'right-pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage with two-factor sign-in', () => {
  it('asks for the e-mailed code, then signs in with it and the challenge of that sign-in', async () => {
    const profile = buildUser({ id: 5, role: 'TR' });
    const verifyBodies: unknown[] = [];
    server.use(
      http.post('/api/token/', () =>
        HttpResponse.json({ two_factor_required: true, detail: TWO_FACTOR_MESSAGES.codeSent, challenge: 'challenge-of-ada' }),
      ),
      http.post('/api/token/verify-2fa/', async ({ request }) => {
        const body = (await request.json()) as { otp: string };
        verifyBodies.push(body);
        return body.otp === '123456'
          ? HttpResponse.json({ access: 'access-2fa', refresh: 'refresh-2fa' })
          : HttpResponse.json({ detail: 'Invalid OTP.', code: 'invalid_code' }, { status: 400 });
      }),
      http.get('/social/user-profiles/me/', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-2fa'
          ? HttpResponse.json(profile)
          : HttpResponse.json({ detail: 'no' }, { status: 401 }),
      ),
    );
    const { user, router } = renderLogin();
    await signIn(user);

    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeSent)).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    const code = screen.getByLabelText('Sign-in code');

    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from the e-mail.');
    expect(verifyBodies).toEqual([]);

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('Stub page /user')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user');
    expect(verifyBodies).toEqual([
      { challenge: 'challenge-of-ada', otp: '654321' },
      { challenge: 'challenge-of-ada', otp: '123456' },
    ]);
    expect(window.localStorage.getItem('access_token')).toBe('access-2fa');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({ id: 5 });
  }, 15_000);

  it('goes back to the page that asked for sign-in (Register Now on /events)', async () => {
    server.use(
      http.post('/api/token/', () => HttpResponse.json({ access: 'a', refresh: 'r' })),
      http.get('/social/user-profiles/me/', () => HttpResponse.json(buildUser({ role: 'TR' }))),
    );
    const { user, router } = renderLogin();
    await router.navigate('/login', { state: { from: '/events' } });
    await signIn(user);
    expect(await screen.findByText('Stub page /events')).toBeInTheDocument();
  });
});
