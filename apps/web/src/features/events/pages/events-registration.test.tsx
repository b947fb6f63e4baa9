import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, type Event, type EventMessage } from '@alumlink/contract';
import { buildEvent, buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { EventsPage, UserEventsPage } from './events-page';

const workshop: Event = buildEvent({ id: 7, registrations_count: 3 });

/**
 * A server that remembers the registration, as the real one does (so a reload shows it). With
 * `capacity`, people past it wait (the caller is the only one who may).
 */
function serveRegistrableEvent({ capacity = null }: { capacity?: number | null } = {}) {
  let registered = false;
  let waitlisted = false;
  let count = workshop.registrations_count;
  const calls: string[] = [];
  const state = () => ({
    registered,
    registrations_count: count,
    capacity,
    spots_left: capacity === null ? null : Math.max(0, capacity - count),
    waitlist_count: waitlisted ? 1 : 0,
    my_status: registered ? ('registered' as const) : waitlisted ? ('waitlisted' as const) : null,
    waitlist_position: waitlisted ? 1 : null,
  });
  const answer = () => {
    const { my_status: status, ...rest } = state();
    return HttpResponse.json({ ...rest, status });
  };
  server.use(
    http.get('/api/events/', () => HttpResponse.json({ results: [{ ...workshop, ...state() }], next: null })),
    http.post(`/api/events/${workshop.id}/register/`, async ({ request }) => {
      calls.push(`POST ${request.headers.get('Authorization') ?? ''} ${JSON.stringify(await request.json())}`);
      if (registered || waitlisted) return answer();
      if (capacity !== null && count >= capacity) waitlisted = true;
      else {
        count += 1;
        registered = true;
      }
      return answer();
    }),
    http.delete(`/api/events/${workshop.id}/register/`, () => {
      calls.push('DELETE');
      if (registered) count -= 1;
      registered = false;
      waitlisted = false;
      return answer();
    }),
  );
  return calls;
}

describe('event registration', () => {
  it('registers a signed-in person for real, shows the alert and the registered state, and cancels', async () => {
    storeSession(buildUser({ role: 'TR' }), { access: 'token-7', refresh: 'r' });
    const calls = serveRegistrableEvent();
    const { user, unmount } = renderPage(<UserEventsPage />, { path: '/user/events' });

    const card = await screen.findByRole('article', { name: 'React Workshop' });
    expect(within(card).getByText('3 people registered')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Register Now: React Workshop' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      "Successfully Registered! You'll receive a reminder before the event.",
    );
    expect(EVENT_MESSAGES.registered).toBe("Successfully Registered! You'll receive a reminder before the event.");
    expect(within(card).getByText('Registered')).toBeInTheDocument();
    expect(within(card).getByText('4 people registered')).toBeInTheDocument();
    expect(calls).toEqual(['POST Bearer token-7 {"guests":0}']);

    // After a reload the server's answer still says registered.
    unmount();
    renderPage(<UserEventsPage />, { path: '/user/events' });
    const reloaded = await screen.findByRole('article', { name: 'React Workshop' });
    expect(within(reloaded).getByText('Registered')).toBeInTheDocument();
    expect(within(reloaded).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(reloaded).getByRole('button', { name: 'Cancel registration: React Workshop' }));
    expect(await within(reloaded).findByRole('button', { name: 'Register Now: React Workshop' })).toBeInTheDocument();
    expect(within(reloaded).queryByText('Registered')).not.toBeInTheDocument();
    expect(calls).toEqual(['POST Bearer token-7 {"guests":0}', 'DELETE']);
  }, 15_000);

  it('shows places left, brings guests, and joins the waitlist of a full event with its position', async () => {
    storeSession(buildUser({ role: 'TR' }), { access: 'token-8', refresh: 'r' });
    const calls = serveRegistrableEvent({ capacity: 3 });
    const { user } = renderPage(<UserEventsPage />, { path: '/user/events' });
    const card = await screen.findByRole('article', { name: 'React Workshop' });
    expect(within(card).getByText('3 people registered · Full')).toBeInTheDocument();
    await user.selectOptions(within(card).getByLabelText('Guests'), '+2');
    await user.click(within(card).getByRole('button', { name: 'Join waitlist: React Workshop' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(EVENT_MESSAGES.waitlisted);
    expect(within(card).getByText('Waitlisted #1')).toBeInTheDocument();
    expect(within(card).getByText('3 people registered · Full, 1 on the waitlist')).toBeInTheDocument();
    expect(calls).toEqual(['POST Bearer token-8 {"guests":2}']);
    await user.click(within(card).getByRole('button', { name: 'Leave waitlist: React Workshop' }));
    expect(await within(card).findByRole('button', { name: 'Join waitlist: React Workshop' })).toBeInTheDocument();
  }, 15_000);

  it('sizes the guests select to its longest choice ("Just me"), not a fixed width that clips it on a phone', async () => {
    storeSession(buildUser({ role: 'TR' }));
    serveRegistrableEvent();
    renderPage(<UserEventsPage />, { path: '/user/events' });
    const card = await screen.findByRole('article', { name: 'React Workshop' });
    const guests = within(card).getByLabelText('Guests');
    expect(guests).toHaveDisplayValue('Just me');
    // A native select's auto width is its widest option plus the arrow's room; no fixed box around it.
    expect(guests).toHaveClass('w-auto');
    expect(guests.parentElement?.className ?? '').not.toMatch(/(^|\s)w-\d/);
  });

  it('offers Add to calendar (the public .ics) and, to the host, the check-in screen', async () => {
    storeSession(buildUser({ role: 'AD' }));
    server.use(
      http.get('/api/events/', () =>
        HttpResponse.json({ results: [{ ...workshop, can_manage: true, capacity: 10, spots_left: 7 }], next: null }),
      ),
    );
    renderPage(<UserEventsPage />, { path: '/user/events' });
    const card = await screen.findByRole('article', { name: 'React Workshop' });
    expect(within(card).getByText('3 people registered · 7 places left')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add to calendar: React Workshop' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/events\/7\/calendar\.ics$/),
    );
    expect(within(card).getByRole('link', { name: 'Attendees and check-in: React Workshop' })).toHaveAttribute(
      'href',
      '/user/events/7/check-in',
    );
  });

  it('asks a visitor to sign in first', async () => {
    serveRegistrableEvent();
    const { user, router } = renderPage(<EventsPage />, { path: '/events', stubs: ['/login'] });
    await user.click(await screen.findByRole('link', { name: 'Register Now: React Workshop' }));
    expect(await screen.findByText('Stub page /login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/events' });
  });
});

describe('Live Discussions', () => {
  it('ignores blank text, sends trimmed text and shows your own messages as You', async () => {
    const me = buildUser({ role: 'AL', first_name: 'Meera' });
    storeSession(me);
    const other = {
      id: 999,
      username: 'sam',
      email: 'sam@example.com',
      first_name: 'Sam',
      last_name: 'Lee',
      handle: null,
      role: 'TR' as const,
      image: null,
      profile: { profile_image: null },
    };
    const messages: EventMessage[] = [{ id: 1, text: 'Who else is coming?', created_at: '2030-06-01T10:00:00.000Z', user: other }];
    const posted: unknown[] = [];
    serveRegistrableEvent();
    server.use(
      http.get(`/api/events/${workshop.id}/discussion/`, () => HttpResponse.json({ results: messages, next: null })),
      http.post(`/api/events/${workshop.id}/discussion/`, async ({ request }) => {
        const body = (await request.json()) as { text: string };
        posted.push(body);
        const created: EventMessage = {
          id: 2,
          text: body.text,
          created_at: '2030-06-01T10:05:00.000Z',
          user: { ...other, id: me.id, first_name: 'Meera' },
        };
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderPage(<UserEventsPage />, { path: '/user/events' });
    await user.click(await screen.findByRole('button', { name: 'Live Discussions: React Workshop' }));
    // The discussion is its own chunk: allow for a cold import.
    const dialog = await screen.findByRole('dialog', { name: 'Live Discussions' }, { timeout: 10_000 });
    const list = await within(dialog).findByRole('list', { name: 'Discussion messages' });
    expect(within(list).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(list).getByText('Who else is coming?')).toBeInTheDocument();

    const input = within(dialog).getByPlaceholderText('Write a message...');
    await user.type(input, '    ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(posted).toEqual([]);

    await user.clear(input);
    await user.type(input, '  I will be there!  {Enter}');
    expect(await within(list).findByText('I will be there!')).toBeInTheDocument();
    expect(within(list).getByText('You')).toBeInTheDocument();
    expect(posted).toEqual([{ text: 'I will be there!' }]);
    await waitFor(() => expect(input).toHaveValue(''));
  }, 15_000);
});
