import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { JOIN_MESSAGES, JoinPage } from './join-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
/** The page at /join with the query of the e-mailed link, and a stub home page. */
function renderJoin(query: string) {
  return renderRoutes(
    [
      { path: '/join', element: <JoinPage /> },
      { path: '/user', element: <p>Stub page /user</p> },
    ],
    { path: `/join${query}` },
  );
}

const INVITATION = {
  email: 'nia@example.net',
  first_name: 'Nia',
  last_name: '',
  role: 'AL',
  invited_by: 'Ada Admin',
  cohort: 'Spring 2026',
};

describe('JoinPage', () => {
  it('shows who invited for what, checks the passwords, then signs in and goes home', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`/api/invitations/${TOKEN}/`, () => HttpResponse.json(INVITATION)),
      http.post(`/api/invitations/${TOKEN}/accept/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access: 'a', refresh: 'r' });
      }),
      http.get('/social/user-profiles/me/', () => HttpResponse.json(buildUser({ role: 'AL', email: INVITATION.email }))),
    );
    const { user } = renderJoin(`?token=${TOKEN}`);
    expect(screen.getByText(JOIN_MESSAGES.loading)).toBeInTheDocument();
    expect(await screen.findByText('Ada Admin invited you to join as Alumni.')).toBeInTheDocument();
    expect(screen.getByText('Spring 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Nia');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'a long password');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'another one');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByText("Passwords don't match.")).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(screen.getByLabelText('Confirm password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByText('Stub page /user')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'a long password', password_confirm: 'a long password', first_name: 'Nia', last_name: '' }]);
  });

  it('says when the link has been used, revoked or has expired', async () => {
    server.use(
      http.get(`/api/invitations/${TOKEN}/`, () => HttpResponse.json({ detail: 'gone', code: 'invitation_gone' }, { status: 410 })),
    );
    renderJoin(`?token=${TOKEN}`);
    expect(await screen.findByText(JOIN_MESSAGES.gone)).toBeInTheDocument();
  });

  it('offers single sign-on when it is on, saying which e-mail accepts the invitation', async () => {
    server.use(
      http.get(`/api/invitations/${TOKEN}/`, () => HttpResponse.json(INVITATION)),
      http.get('/api/auth/oidc/', () => HttpResponse.json({ enabled: true, label: 'Sign in with Acme' })),
    );
    renderJoin(`?token=${TOKEN}`);
    const button = await screen.findByRole('link', { name: 'Sign in with Acme' });
    expect(button.getAttribute('href')).toMatch(/\/api\/auth\/oidc\/start\/$/);
    expect(screen.getByText(JOIN_MESSAGES.sso(INVITATION.email))).toBeInTheDocument();
    expect(screen.getByText('or set a password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join and sign in' })).toBeInTheDocument();
  });

  it('shows only the password form when single sign-on is off', async () => {
    server.use(
      http.get(`/api/invitations/${TOKEN}/`, () => HttpResponse.json(INVITATION)),
      http.get('/api/auth/oidc/', () => HttpResponse.json({ enabled: false, label: null })),
    );
    renderJoin(`?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Join and sign in' })).toBeInTheDocument();
    expect(screen.queryByText(JOIN_MESSAGES.sso(INVITATION.email))).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('asks for the link when there is no token', () => {
    renderJoin('');
    expect(screen.getByText(JOIN_MESSAGES.missing)).toBeInTheDocument();
  });
});
