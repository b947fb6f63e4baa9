import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '@alumlink/contract';
import { buildCommunity, buildEvent, buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { EventsAdminPage } from './events-admin-page';
import { isoToZonedLocal, zonedLocalToIso } from './zoned-time';

function renderEvents() {
  storeSession(buildUser({ id: 1, role: 'AD', is_staff: true }));
  return renderPage(<EventsAdminPage />, { path: '/admin/events' });
}

/** datetime-local inputs take their value as a change, not typing. */
const setValue = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const DATA_SCIENCE = buildCommunity({ id: 7, slug: 'data', name: 'Data Science', icon: 'code', members_count: 9, is_member: true });

describe('EventsAdminPage', () => {
  it('lists events with their time in their zone and venue', async () => {
    server.use(http.get('/api/events/', () => HttpResponse.json(page([buildEvent({ title: 'Cloud Night', venue: 'Hall B' })]))));
    renderEvents();
    expect(await screen.findByRole('link', { name: 'Cloud Night' })).toHaveAttribute('href', '/user/events/1');
    expect(screen.getByText('Hall B')).toBeInTheDocument();
    expect(screen.getByText('Fri, Jun 14, 2030 · 6:30 PM – 8:00 PM UTC')).toBeInTheDocument();
  });

  it('checks the end after the start and the time zone before sending, then sends the times in that zone', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get('/api/events/', () => HttpResponse.json(page([]))),
      http.post('/api/events/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildEvent(), { status: 201 });
      }),
    );
    const { user } = renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Create event' }));
    await user.type(screen.getByLabelText('Title'), 'Fjord meet-up');
    setValue('Starts', '2031-05-01T17:00');
    setValue('Ends', '2031-05-01T16:00');
    await user.clear(screen.getByLabelText('Time zone'));
    await user.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    await user.type(screen.getByLabelText('Venue'), 'Kaigaten 4, Bergen');
    await user.click(screen.getAllByRole('button', { name: 'Create event' }).at(-1)!);
    expect(await screen.findByText(EVENT_MESSAGES.endsBeforeStart)).toBeInTheDocument();
    expect(screen.getByText(EVENT_MESSAGES.invalidTimeZone)).toBeInTheDocument();
    expect(body).toBeNull();

    setValue('Ends', '2031-05-01T19:30');
    await user.clear(screen.getByLabelText('Time zone'));
    await user.type(screen.getByLabelText('Time zone'), 'Europe/Oslo');
    await user.click(screen.getAllByRole('button', { name: 'Create event' }).at(-1)!);
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({
      title: 'Fjord meet-up',
      starts_at: '2031-05-01T15:00:00.000Z',
      ends_at: '2031-05-01T17:30:00.000Z',
      time_zone: 'Europe/Oslo',
      venue: 'Kaigaten 4, Bergen',
      capacity: null,
    });
  }, 20_000);

  it('offers the community spaces in a labelled select and sends the chosen one', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get('/api/events/', () => HttpResponse.json(page([]))),
      http.get('/api/communities/', () =>
        HttpResponse.json([
          buildCommunity({ id: 4, slug: 'class-2019', name: 'Class of 2019', members_count: 3, visibility: 'members' }),
          DATA_SCIENCE,
        ]),
      ),
      http.post('/api/events/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildEvent({ community_id: 4 }), { status: 201 });
      }),
    );
    const { user } = renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Create event' }));
    const space = screen.getByLabelText(/Space/);
    expect(await screen.findByRole('option', { name: 'Class of 2019 (members only)' })).toBeInTheDocument();
    expect(space).toHaveValue('');
    await user.selectOptions(space, 'Class of 2019 (members only)');
    await user.type(screen.getByLabelText('Title'), 'Class dinner');
    setValue('Starts', '2031-05-01T17:00');
    setValue('Ends', '2031-05-01T19:00');
    await user.type(screen.getByLabelText('Venue'), 'Hall C');
    await user.click(screen.getAllByRole('button', { name: 'Create event' }).at(-1)!);
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({ title: 'Class dinner', community_id: 4 });
  }, 20_000);

  it('says when the spaces are empty or fail to load, and keeps the whole hub', async () => {
    server.use(
      http.get('/api/events/', () => HttpResponse.json(page([]))),
      http.get('/api/communities/', () => HttpResponse.json({ detail: 'Down' }, { status: 500 })),
    );
    const { user } = renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Create event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the spaces');
    server.use(http.get('/api/communities/', () => HttpResponse.json([])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const space = await screen.findByLabelText(/Space/);
    expect(space).toHaveValue('');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Whole hub (no space)']);
  }, 20_000);

  it('shows an event’s space when editing it, and moves it to the whole hub', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get('/api/events/', () => HttpResponse.json(page([buildEvent({ title: 'Cloud Night', community_id: 7 })]))),
      http.get('/api/communities/', () => HttpResponse.json([DATA_SCIENCE])),
      http.patch('/api/events/1/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildEvent({ community_id: 7 }));
      }),
    );
    const { user } = renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Edit Cloud Night' }));
    await screen.findByRole('option', { name: 'Data Science' });
    await waitFor(() => expect(screen.getByLabelText(/Space/)).toHaveValue('7'));
    await user.selectOptions(screen.getByLabelText(/Space/), '');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({ title: 'Cloud Night', community_id: null });
  }, 20_000);

  it('shows the server’s field errors under their fields', async () => {
    server.use(
      http.get('/api/events/', () => HttpResponse.json(page([buildEvent({ title: 'Cloud Night' })]))),
      http.patch('/api/events/1/', () => HttpResponse.json({ ends_at: ['The end must be after the start.'] }, { status: 400 })),
    );
    const { user } = renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Edit Cloud Night' }));
    expect(screen.getByLabelText('Venue')).toHaveValue('Main Hall, 1 Campus Road');
    expect(screen.getByLabelText('Starts')).toHaveValue('2030-06-14T18:30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The end must be after the start.')).toBeInTheDocument();
  });
});

describe('zoned wall-clock times', () => {
  it('round-trips across a daylight-saving change', () => {
    expect(zonedLocalToIso('2031-03-30T01:30', 'Europe/Oslo')).toBe('2031-03-30T00:30:00.000Z');
    expect(zonedLocalToIso('2031-07-01T12:00', 'America/New_York')).toBe('2031-07-01T16:00:00.000Z');
    expect(isoToZonedLocal('2031-07-01T16:00:00.000Z', 'America/New_York')).toBe('2031-07-01T12:00');
    expect(zonedLocalToIso('not a date', 'UTC')).toBeNull();
  });
});
