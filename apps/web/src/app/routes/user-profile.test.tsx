import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSummary, buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { UserProfilePage } from './user-profile';

describe('UserProfilePage', () => {
  it("shows the posts below the Mentor badge only once the badge's answer is in, so the badge never pushes them down", async () => {
    const me = buildUser({ id: 5, first_name: 'Alex', last_name: 'Morgan' });
    storeSession(me);
    let release: () => void = () => undefined;
    server.use(
      http.get('/social/user-profiles/me/', () => HttpResponse.json(me)),
      http.get('/social/posts/user-posts/', () => HttpResponse.json({ results: [], next: null })),
      http.get('/api/mentoring/mentors/5/', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        const mentor = {
          ...buildSummary({ id: 5, first_name: 'Alex', last_name: 'Morgan' }),
          company: 'Pixel Labs',
          job_title: 'Engineer',
        };
        return HttpResponse.json({ ...mentor, topics: ['React'], capacity: 3, active_count: 0, about: '', my_request: null });
      }),
    );
    renderPage(<UserProfilePage />, { path: '/user/profile' });
    expect(await screen.findByRole('heading', { name: 'Alex Morgan' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading posts' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('list', { name: 'Mentoring topics' })).toBeInTheDocument();
    expect(await screen.findByText(/no posts/i)).toBeInTheDocument();
  });
});
