import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildEvent, buildSummary, buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { EventPage } from './event-page';

const renderEventPage = () => renderRoutes([{ path: '/user/events/:eventId', element: <EventPage /> }], { path: '/user/events/7' });

describe('EventPage', () => {
  it("shows the event in full: venue, start and end in the event's time zone and the viewer's, the viewer's registration", async () => {
    storeSession(buildUser());
    server.use(
      http.get('/api/events/7/', () =>
        HttpResponse.json(
          buildEvent({
            id: 7,
            description: 'Hooks, line by line.',
            registered: true,
            my_status: 'registered',
            time_zone: 'Asia/Tokyo',
            venue: 'Shibuya Hall',
          }),
        ),
      ),
      http.get('/api/events/7/going/', () => HttpResponse.json({ results: [], next: null, count: 0, unnamed: 0 })),
    );
    renderEventPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'React Workshop' })).toBeInTheDocument();
    expect(screen.getByText('Hooks, line by line.')).toBeInTheDocument();
    expect(screen.getByText('Hosted by Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Shibuya Hall')).toBeInTheDocument();
    // 18:30–20:00 UTC is the next morning in Tokyo; the viewer's zone (UTC in tests) reads differently.
    expect(screen.getByText('Sat, Jun 15, 2030 · 3:30 AM – 5:00 AM GMT+9')).toBeInTheDocument();
    expect(screen.getByText('Your time: Fri, Jun 14, 2030 · 6:30 PM – 8:00 PM UTC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Cancel registration/ })).toBeInTheDocument();
    expect(await screen.findByText('Nobody has registered yet. Be the first!')).toBeInTheDocument();
  });

  it('shows a member who is going, linking to profiles, and counts those not listed', async () => {
    storeSession(buildUser());
    const ana = buildSummary({ first_name: 'Ana', last_name: 'Lopez' });
    server.use(
      http.get('/api/events/7/', () => HttpResponse.json(buildEvent({ id: 7, registrations_count: 3 }))),
      http.get('/api/events/7/going/', () => HttpResponse.json({ results: [ana], next: null, count: 3, unnamed: 2 })),
    );
    renderEventPage();
    expect(await screen.findByRole('list', { name: 'Who is going' })).toHaveTextContent('Ana Lopez');
    expect(screen.getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', `/user/profile/${ana.id}`);
    expect(screen.getByText('3 going · 2 not listed in the directory')).toBeInTheDocument();
  });
});
