import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Community } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { CommunitiesPage } from './communities-page';

const communities: Community[] = [
  {
    id: 1,
    slug: 'web-dev',
    name: 'Web Developers',
    description: 'Front-end and back-end builders.',
    icon: 'code',
    members_count: 120,
    is_member: false,
    visibility: 'public',
  },
  {
    id: 2,
    slug: 'design',
    name: 'Designers',
    description: 'UI and UX people.',
    icon: 'palette',
    members_count: 1,
    is_member: false,
    visibility: 'members',
  },
];

describe('CommunitiesPage', () => {
  it('lists the communities with a Join Community link to /login for visitors, and the Why join section', async () => {
    server.use(http.get('/api/communities/', () => HttpResponse.json(communities)));
    renderPage(<CommunitiesPage />, { path: '/communities' });

    expect(screen.getByRole('status', { name: 'Loading communities' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Web Developers' })).toBeInTheDocument();
    expect(screen.getByText('UI and UX people.')).toBeInTheDocument();
    expect(screen.getByText('1 member')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Community: Designers' })).toHaveAttribute('href', '/login');
    const whyJoin = screen.getByRole('region', { name: 'Why join a community?' });
    expect(within(whyJoin).getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });

  it('shows an error with a retry that loads the list', async () => {
    let calls = 0;
    server.use(
      http.get('/api/communities/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ detail: 'Down', code: 'unavailable' }, { status: 503 }) : HttpResponse.json(communities);
      }),
    );
    const { user } = renderPage(<CommunitiesPage />, { path: '/communities' });
    expect(await screen.findByText('Failed to load communities. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Web Developers' })).toBeInTheDocument();
  });

  it('lets a signed-in person join and leave, with the member count following', async () => {
    storeSession(buildUser({ role: 'TR' }));
    const calls: string[] = [];
    let members = 120;
    let isMember = false;
    server.use(
      http.get('/api/communities/', () => HttpResponse.json(communities)),
      http.post('/api/communities/web-dev/:action/', ({ params }) => {
        calls.push(String(params.action));
        isMember = params.action === 'join';
        members += isMember ? 1 : -1;
        return HttpResponse.json({ is_member: isMember, members_count: members });
      }),
    );
    const { user } = renderPage(<CommunitiesPage />, { path: '/communities' });
    const card = await screen.findByRole('article', { name: 'Web Developers' });
    await user.click(within(card).getByRole('button', { name: 'Join Community: Web Developers' }));
    expect(await within(card).findByText('121 members')).toBeInTheDocument();
    expect(within(card).getByText('Member')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Leave: Web Developers' }));
    expect(await within(card).findByText('120 members')).toBeInTheDocument();
    expect(within(card).queryByText('Member')).not.toBeInTheDocument();
    expect(calls).toEqual(['join', 'leave']);
  });

  it('shows the empty state', async () => {
    server.use(http.get('/api/communities/', () => HttpResponse.json([])));
    renderPage(<CommunitiesPage />, { path: '/communities' });
    expect(await screen.findByText('No communities yet')).toBeInTheDocument();
  });
});
