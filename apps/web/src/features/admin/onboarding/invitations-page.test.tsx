import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Invitation } from '@alumlink/contract';
import { buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { INVITATIONS_MESSAGES, InvitationsPage } from './invitations-page';

function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 7,
    email: 'sam@example.net',
    first_name: 'Sam',
    last_name: 'Okafor',
    role: 'TR',
    cohort: { id: 2, name: 'Spring 2026' },
    status: 'pending',
    invited_by: 'Ada Admin',
    created_at: '2026-05-01T10:00:00Z',
    expires_at: '2026-05-15T10:00:00Z',
    accepted_at: null,
    sent_count: 1,
    ...overrides,
  };
}

function answerBasics(invitationsByStatus: Record<string, Invitation[]>) {
  server.use(
    http.get('/api/admin/invitations/', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? '';
      return HttpResponse.json(page(invitationsByStatus[status] ?? []));
    }),
    http.get('/api/admin/cohorts/', () => HttpResponse.json(page([]))),
    http.get('/api/admin/sign-up-policy/', () => HttpResponse.json({ mode: 'open', domains: [] })),
  );
}

describe('InvitationsPage', () => {
  it('lists invitations by status and resends or revokes an open one', async () => {
    const actions: string[] = [];
    answerBasics({
      pending: [buildInvitation()],
      accepted: [buildInvitation({ id: 8, email: 'joined@example.net', status: 'accepted', accepted_at: '2026-05-02T10:00:00Z' })],
    });
    server.use(
      http.post('/api/admin/invitations/:id/:action/', ({ params }) => {
        actions.push(`${String(params.id)} ${String(params.action)}`);
        return HttpResponse.json(buildInvitation({ sent_count: 2 }));
      }),
    );
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const { user } = renderPage(<InvitationsPage />, { path: '/admin/invitations' });
    expect(await screen.findByText('sam@example.net')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend to sam@example.net' }));
    expect(await screen.findByText(INVITATIONS_MESSAGES.done.resend('sam@example.net'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke for sam@example.net' }));
    expect(await screen.findByText(INVITATIONS_MESSAGES.done.revoke('sam@example.net'))).toBeInTheDocument();
    expect(actions).toEqual(['7 resend', '7 revoke']);

    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    const accepted = await screen.findByRole('list', { name: 'accepted invitations' });
    expect(await within(accepted).findByText('joined@example.net')).toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Revoked' }));
    expect(await screen.findByText(INVITATIONS_MESSAGES.empty.revoked)).toBeInTheDocument();
  });

  it('checks the invite form on both sides', async () => {
    const bodies: unknown[] = [];
    answerBasics({});
    server.use(
      http.post('/api/admin/invitations/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { detail: 'This e-mail already has a pending invitation: resend it instead.', code: 'already_invited' },
          { status: 409 },
        );
      }),
    );
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const { user } = renderPage(<InvitationsPage />, { path: '/admin/invitations' });
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(within(form).getByLabelText('Email'), 'Sam@Example.net');
    await user.selectOptions(within(form).getByLabelText('Role'), 'IN');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This e-mail already has a pending invitation: resend it instead.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'sam@example.net', role: 'IN', cohort_id: null, first_name: '', last_name: '' }]);
  });

  it('saves the sign-up policy, checking the domains first', async () => {
    const bodies: unknown[] = [];
    answerBasics({});
    server.use(
      http.put('/api/admin/sign-up-policy/', async ({ request }) => {
        const body = (await request.json()) as { mode: string; domains: string[] };
        bodies.push(body);
        return HttpResponse.json({ mode: body.mode, domains: body.domains.map((domain) => domain.toLowerCase()) });
      }),
    );
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const { user } = renderPage(<InvitationsPage />, { path: '/admin/invitations' });
    const form = await screen.findByRole('form', { name: 'Sign-up policy' });
    await user.click(await within(form).findByRole('radio', { name: /Listed domains/ }));
    await user.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(await within(form).findByText('List at least one domain.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Domains'), 'School.edu, example.org');
    await user.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Sign-up policy saved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ mode: 'domains', domains: ['School.edu', 'example.org'] }]);
  });
});
