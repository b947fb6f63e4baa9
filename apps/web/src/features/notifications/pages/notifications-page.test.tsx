import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@alumlink/contract';
import { buildSummary, buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { NotificationsPage } from './notifications-page';

const ana = buildSummary({ first_name: 'Ana', last_name: 'Lopez' });
const ben = buildSummary({ first_name: 'Ben', last_name: 'Okafor' });
const cy = buildSummary({ first_name: 'Cy', last_name: 'Tan' });

function like(id: number, actor: typeof ana, postId: number, read = false): Notification {
  return {
    id,
    type: 'post_liked',
    actor,
    post_id: postId,
    conversation_id: null,
    text: `${actor.first_name} ${actor.last_name} liked your post.`,
    reason: null,
    read,
    created_at: new Date(Date.now() - id * 60_000).toISOString(),
  };
}

describe('NotificationsPage', () => {
  it('folds likes of one post into one row, pages older ones in, and marks all read', async () => {
    const reads: unknown[] = [];
    let unread = 4;
    const first = [like(1, ana, 7), like(2, ben, 7), like(3, cy, 7), like(4, ana, 9)];
    const second = [like(5, ben, 9, true), like(6, cy, 11, true)];
    server.use(
      http.get('/social/notifications/', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'page2'
          ? HttpResponse.json({ results: second, next: null, unread_count: unread })
          : HttpResponse.json({ results: first, next: 'page2', unread_count: unread }),
      ),
      http.post('/social/notifications/read/', async ({ request }) => {
        reads.push(await request.json());
        unread = 0;
        return HttpResponse.json({ unread_count: 0 });
      }),
    );
    storeSession(buildUser());
    const { user } = renderPage(<NotificationsPage />, { path: '/user/notifications' });

    const list = await screen.findByRole('list', { name: 'All notifications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Ana Lopez and 2 others liked your post.'), expect.stringContaining('Ana Lopez liked your post.')]);
    expect(screen.getByText('4 unread')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load older notifications' }));
    expect(await screen.findByText('Ana Lopez and 1 other liked your post.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(reads).toEqual([{ all: true }]);
  }, 15_000);

  it('says when there is nothing yet', async () => {
    server.use(http.get('/social/notifications/', () => HttpResponse.json({ results: [], next: null, unread_count: 0 })));
    storeSession(buildUser());
    renderPage(<NotificationsPage />, { path: '/user/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
