import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { WhatsNewPanel } from './whats-new-panel';

describe('WhatsNewPanel', () => {
  it('shows only the widgets chosen in Settings (here analytics and the newest jobs)', async () => {
    storeSession(buildUser());
    const requested: string[] = [];
    server.use(
      http.get('/social/posts/user-posts/', ({ request }) => {
        requested.push(new URL(request.url).pathname);
        const post = { likes_count: 3, comments_count: 2 };
        return HttpResponse.json({ results: [post, { ...post, likes_count: 4 }].map((counts, index) => ({ id: index + 1, user: { id: 1, username: 'a', email: 'a@x.com', first_name: 'A', last_name: 'B', handle: null, role: 'AL', image: null, profile: { profile_image: null } }, caption: 'c', image: null, created_at: '2026-01-01T00:00:00.000Z', is_liked: false, has_liked: false, ...counts })), next: null });
      }),
      http.get('/api/jobs/', ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return HttpResponse.json({ results: [], next: null });
      }),
    );
    renderPage(<WhatsNewPanel widgets={{ ...DEFAULT_SETTINGS.widgets, recent_activity: false, upcoming_events: false, job_alerts: true }} />, { path: '/user' });

    expect(await screen.findByText('No open jobs right now.')).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('Your analytics')).toBeInTheDocument();
    expect(screen.queryByText('Recent activity')).not.toBeInTheDocument();
    expect(screen.queryByText('Upcoming events')).not.toBeInTheDocument();
    expect(requested.sort()).toEqual(['/api/jobs/', '/social/posts/user-posts/']);
  });

  it('points to Settings when every widget is off', () => {
    renderPage(<WhatsNewPanel widgets={{ analytics: false, recent_activity: false, upcoming_events: false, job_alerts: false }} />, { path: '/user' });
    expect(screen.getByRole('link', { name: 'Choose widgets in Settings' })).toHaveAttribute('href', '/user/settings');
  });
});
