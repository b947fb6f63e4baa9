import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Event } from '@alumlink/contract';
import { buildEvent } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { EventsPage } from './events-page';

const events: Event[] = [
  buildEvent({
    id: 1,
    title: 'React Workshop',
    date: '2030-06-14T18:30:00.000Z',
    host: 'Ada Lovelace',
    category: 'Web Development',
    description: 'Hands-on hooks.',
    registrations_count: 3,
  }),
  buildEvent({
    id: 2,
    title: 'Marketing AMA',
    date: '2030-07-01T10:00:00.000Z',
    host: 'Grace Hopper',
    category: 'Marketing',
    description: 'Ask anything.',
  }),
];

describe('EventsPage', () => {
  it('lists events and searches the server by title or category once typing settles', async () => {
    const queries: string[] = [];
    server.use(
      http.get('/api/events/', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        queries.push(q);
        const matches = events.filter((event) => `${event.title} ${event.category}`.toLowerCase().includes(q.toLowerCase()));
        return HttpResponse.json({ results: matches, next: null });
      }),
    );
    const { user } = renderPage(<EventsPage />, { path: '/events' });

    expect(await screen.findByRole('heading', { name: 'React Workshop' })).toBeInTheDocument();
    expect(screen.getByText('Hosted by Grace Hopper')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Now: Marketing AMA' })).toHaveAttribute('href', '/login');

    await user.type(screen.getByLabelText('Search events by title or category'), 'MARKET');
    expect(await screen.findByRole('heading', { name: 'Marketing AMA' })).toBeInTheDocument();
    await expect.poll(() => screen.queryByRole('heading', { name: 'React Workshop' })).toBeNull();
    // Debounced: one request for the empty query and one for the settled text.
    expect(queries).toEqual(['', 'MARKET']);
  });

  it('shows the empty state for a search without matches', async () => {
    server.use(
      http.get('/api/events/', ({ request }) =>
        HttpResponse.json({ results: new URL(request.url).searchParams.get('q') ? [] : events, next: null }),
      ),
    );
    const { user } = renderPage(<EventsPage />, { path: '/events' });
    await screen.findByRole('heading', { name: 'React Workshop' });
    await user.type(screen.getByLabelText('Search events by title or category'), 'zzz');
    expect(await screen.findByText('No events match your search')).toBeInTheDocument();
  });

  it('shows an error state', async () => {
    server.use(http.get('/api/events/', () => HttpResponse.json({ detail: 'Down', code: 'unavailable' }, { status: 503 })));
    renderPage(<EventsPage />, { path: '/events' });
    expect(await screen.findByText('Failed to load events. Please try again.')).toBeInTheDocument();
  });
});
