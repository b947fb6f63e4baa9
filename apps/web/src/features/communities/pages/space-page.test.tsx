import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildPost, buildSummary, buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { CreatePostProvider } from '@/features/posts';
import { SpacePage } from './space-page';

const space = {
  id: 1,
  slug: 'web-dev',
  name: 'Web Developers',
  description: 'Front-end and back-end builders.',
  icon: 'code',
  members_count: 2,
  is_member: true,
  visibility: 'public',
};

describe('SpacePage', () => {
  it('shows the side column (below the posts on a phone) only once the posts are on the page, so they never push it down', async () => {
    storeSession(buildUser());
    let release: () => void = () => undefined;
    const page = { results: [buildSummary({ first_name: 'Noah', last_name: 'Nguyen' })], next: null };
    server.use(
      http.get('/api/communities/web-dev/', () => HttpResponse.json(space)),
      http.get('/api/communities/web-dev/moderators/', () => HttpResponse.json({ results: [] })),
      http.get('/api/communities/web-dev/members/', () => HttpResponse.json(page)),
      http.get('/api/events/', () => HttpResponse.json({ results: [], next: null })),
      http.get('/api/communities/web-dev/posts/', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ results: [buildPost({ caption: 'Code review swap this Friday' })], next: null });
      }),
    );
    const path = '/user/communities/web-dev';
    const element = (
      <CreatePostProvider>
        <SpacePage />
      </CreatePostProvider>
    );
    renderRoutes([{ path: '/user/communities/:slug', element }], { path });
    expect(await screen.findByRole('heading', { name: 'Web Developers' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upcoming events' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Code review swap this Friday')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Upcoming events' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Members' })).toBeInTheDocument();
  }, 15_000);
});
