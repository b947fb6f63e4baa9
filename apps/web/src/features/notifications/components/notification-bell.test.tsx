import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { NOTIFICATION_TEXTS, NotificationBell } from './notification-bell';

function buildNotification(overrides: Partial<Notification> & { id: number }): Notification {
  return {
    type: 'post_liked',
    actor: null,
    post_id: 3,
    conversation_id: null,
    text: `Notification ${overrides.id}`,
    reason: null,
    read: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

function renderBell(notifications: Notification[], unreadCount: number) {
  const reads: unknown[] = [];
  let unread = unreadCount;
  server.use(
    http.get('/social/notifications/', () => HttpResponse.json({ results: notifications, next: null, unread_count: unread })),
    http.post('/social/notifications/read/', async ({ request }) => {
      const body = (await request.json()) as { ids?: number[]; all?: boolean };
      reads.push(body);
      unread = body.all ? 0 : unread - (body.ids?.length ?? 0);
      return HttpResponse.json({ unread_count: unread });
    }),
  );
  storeSession(buildUser());
  const view = renderRoutes(
    [
      { path: '/user', element: <NotificationBell /> },
      { path: '/user/messages', element: <p>Messages stub</p> },
    ],
    { path: '/user' },
  );
  return { ...view, reads };
}

describe('NotificationBell', () => {
  it('shows the unread count and lists notifications with their reason and time', async () => {
    const { user } = renderBell(
      [
        buildNotification({ id: 1, text: 'Priya Sharma liked your post.' }),
        buildNotification({
          id: 2,
          type: 'post_removed',
          text: 'Your post was removed by a moderator.',
          reason: 'Scam or fraud',
          read: true,
        }),
      ],
      1,
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveTextContent('1');
    await user.click(bell);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Priya Sharma liked your post.')).toBeInTheDocument();
    expect(within(menu).getByText('Reason: Scam or fraud')).toBeInTheDocument();
    expect(within(menu).getAllByText('5 min. ago')).toHaveLength(2);
    expect(within(menu).getAllByText('Unread')).toHaveLength(1);
  });

  it('marks a notification read when clicked and opens its conversation', async () => {
    const { user, reads, router } = renderBell(
      [buildNotification({ id: 7, type: 'message', post_id: null, conversation_id: 12, text: 'Karan Mehta sent you a message.' })],
      1,
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Karan Mehta sent you a message/ }));
    expect(await screen.findByText('Messages stub')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?conversation=12');
    await waitFor(() => expect(reads).toEqual([{ ids: [7] }]));
  });

  it("'Mark all as read' clears the count and keeps the list open", async () => {
    const { user, reads } = renderBell([buildNotification({ id: 1 }), buildNotification({ id: 2 })], 2);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: NOTIFICATION_TEXTS.markAll }));
    await waitFor(() => expect(reads).toEqual([{ all: true }]));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it("shows who caused a notification by their avatar (initials without a picture), the type's icon alone without anyone", async () => {
    const actor = {
      id: 41,
      username: 'priya',
      email: '',
      first_name: 'Priya',
      last_name: 'Sharma',
      handle: null,
      role: 'AL' as const,
      image: null,
      profile: { profile_image: null },
    };
    const { user } = renderBell(
      [
        buildNotification({ id: 1, actor, text: 'Priya Sharma liked your post.' }),
        buildNotification({ id: 2, type: 'role_changed', post_id: null, text: 'Your role was changed to Alumni.' }),
      ],
      2,
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const [liked, roleChanged] = await screen.findAllByRole('menuitem', { name: /Priya Sharma liked|role was changed/ });
    expect(liked?.querySelector('[data-avatar-initials]')).toHaveTextContent(/^PS$/);
    expect(roleChanged?.querySelector('[data-avatar-initials]')).toBeNull();
  });

  it('says when there is nothing to show', async () => {
    const { user } = renderBell([], 0);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'See all notifications' })).toHaveAttribute('href', '/user/notifications');
  });
});
