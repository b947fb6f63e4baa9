import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildEvent, buildSummary, buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { EventPage } from './event-page';

const renderEventPage = () => renderRoutes([{ path: '/user/events/:eventId', element: <EventPage /> }], { path: '/user/events/7' });

describe('EventPage', () => {
  it("shows the event in full with the viewer's registration, and no attendee list to a member", async () => {
    storeSession(buildUser());
    server.use(
      http.get('/api/events/7/', () =>
        HttpResponse.json(buildEvent({ id: 7, description: 'Hooks, line by line.', registered: true, my_status: 'registered' })),
      ),
    );
    renderEventPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'React Workshop' })).toBeInTheDocument();
    expect(screen.getByText('Hooks, line by line.')).toBeInTheDocument();
    expect(screen.getByText('Hosted by Ada Lovelace')).toBeInTheDocument();
    // The start with the viewer's time zone named, in the app's one date format.
    expect(screen.getByText(/^Fri, Jun 14, 2030 · \d{1,2}:30 [AP]M \S+/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Cancel registration/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Who is going' })).not.toBeInTheDocument();
  });

  it('shows the host who is going', async () => {
    storeSession(buildUser());
    const ana = buildSummary({ first_name: 'Ana', last_name: 'Lopez' });
    server.use(
      http.get('/api/events/7/', () => HttpResponse.json(buildEvent({ id: 7, can_manage: true, registrations_count: 1 }))),
      http.get('/api/events/7/attendees/', () =>
        HttpResponse.json({
          results: [
            {
              user: { ...ana, email: ana.email },
              guests: 0,
              status: 'registered',
              waitlist_position: null,
              checked_in_at: null,
              registered_at: new Date().toISOString(),
            },
          ],
          next: null,
        }),
      ),
    );
    renderEventPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'React Workshop' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Who is going' })).toHaveTextContent('Ana Lopez');
  });
});
