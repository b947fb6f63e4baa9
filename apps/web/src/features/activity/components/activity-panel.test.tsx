import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { ActivityPanel } from './activity-panel';

const author = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'L',
  handle: null,
  role: 'AL' as const,
  image: null,
  profile: { profile_image: null },
};

function buildPost(id: number, likes: number, comments: number) {
  return {
    id,
    user: author,
    caption: 'c',
    image: null,
    created_at: '2026-01-01T00:00:00.000Z',
    likes_count: likes,
    comments_count: comments,
    is_liked: false,
    has_liked: false,
  };
}

describe('ActivityPanel', () => {
  it('shows only the widgets chosen in Settings (here analytics and the newest jobs)', async () => {
    storeSession(buildUser());
    const requested: string[] = [];
    server.use(
      http.get('/social/posts/user-posts/', ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return HttpResponse.json({ results: [buildPost(1, 3, 2), buildPost(2, 4, 2)], next: null });
      }),
      http.get('/api/jobs/', ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return HttpResponse.json({ results: [], next: null });
      }),
    );
    renderPage(
      <ActivityPanel widgets={{ ...DEFAULT_SETTINGS.widgets, recent_activity: false, upcoming_events: false, job_alerts: true }} />,
      { path: '/user' },
    );

    expect(await screen.findByText('No open jobs right now.')).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('Your analytics')).toBeInTheDocument();
    expect(screen.queryByText('Recent activity')).not.toBeInTheDocument();
    expect(screen.queryByText('Upcoming events')).not.toBeInTheDocument();
    expect(requested.sort()).toEqual(['/api/jobs/', '/social/posts/user-posts/']);
  });

  it('lists recent activity from the activity endpoint, not from the feed', async () => {
    storeSession(buildUser());
    const grace = { ...author, id: 2, username: 'grace', email: '', first_name: 'Grace', last_name: 'Hopper', role: 'TR' as const };
    const requested: string[] = [];
    server.use(
      http.get('/api/tags/trending/', () => HttpResponse.json({ results: [] })),
      http.get('/api/activity/recent/', ({ request }) => {
        const url = new URL(request.url);
        requested.push(`${url.pathname}${url.search}`);
        return HttpResponse.json({
          results: [
            { kind: 'posted', user: author, at: '2026-01-02T00:00:00.000Z', post_id: 7 },
            { kind: 'joined', user: grace, at: '2026-01-01T00:00:00.000Z', post_id: null },
          ],
        });
      }),
    );
    renderPage(<ActivityPanel widgets={{ analytics: false, recent_activity: true, upcoming_events: false, job_alerts: false }} />, {
      path: '/user',
    });

    const lines = await screen.findAllByRole('listitem');
    // Each line: the avatar's initials, the name, then the role and what they did.
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/Ada LAlumni · shared a post$/),
      expect.stringMatching(/Grace HopperTrainee · joined AlumLink$/),
    ]);
    expect(screen.getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute('href', '/user/profile/2');
    expect(requested).toEqual(['/api/activity/recent/?limit=5']);
  });

  it('points to Settings when every widget is off', () => {
    renderPage(<ActivityPanel widgets={{ analytics: false, recent_activity: false, upcoming_events: false, job_alerts: false }} />, {
      path: '/user',
    });
    expect(screen.getByRole('link', { name: 'Choose widgets in Settings' })).toHaveAttribute('href', '/user/settings');
  });

  it('shows the trending tags beside recent activity, each linking to its page', async () => {
    storeSession(buildUser());
    server.use(
      http.get('/api/activity/recent/', () => HttpResponse.json({ results: [] })),
      http.get('/api/tags/trending/', () =>
        HttpResponse.json({
          results: [
            { tag: 'reunion', count: 12 },
            { tag: 'hiring', count: 3 },
          ],
        }),
      ),
    );
    renderPage(<ActivityPanel widgets={{ analytics: false, recent_activity: true, upcoming_events: false, job_alerts: false }} />, {
      path: '/user',
    });
    const tags = await screen.findByRole('list', { name: 'Trending tags' });
    expect(tags).toHaveTextContent('#reunion12, 12 posts this week#hiring3, 3 posts this week');
    expect(screen.getByRole('link', { name: '#reunion, 12 posts this week' })).toHaveAttribute('href', '/user/tags/reunion');
  });
});
