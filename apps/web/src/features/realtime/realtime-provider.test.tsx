import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification, Post } from '@alumlink/contract';
import { MessagesPage, UnreadConversationsBadge } from '@/features/messaging';
import { NotificationBell } from '@/features/notifications';
import { postKeys } from '@/features/posts';
import { buildConversation, buildConversationUser, buildMessage, buildPost, buildUser, page, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { FakeSocket } from './fake-socket';
import { RealtimeProvider } from './realtime-provider';

const ME = 7;
const OTHER = 21;

function renderLive(element: React.ReactNode, path = '/user/messages') {
  storeSession(buildUser({ id: ME }));
  return renderRoutes(
    [
      {
        path: '/user/*',
        element: <RealtimeProvider createSocket={(url) => new FakeSocket(url)}>{element}</RealtimeProvider>,
      },
    ],
    { path },
  );
}

function serverSends(frame: Parameters<FakeSocket['receive']>[0]) {
  act(() => FakeSocket.latest().receive(frame));
}

function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    type: 'post_liked',
    actor: null,
    post_id: 3,
    conversation_id: null,
    text: 'Priya Sharma liked your post.',
    reason: null,
    read: false,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

beforeEach(() => FakeSocket.reset());

describe('RealtimeProvider', () => {
  it('authenticates with the stored token, then shows incoming messages live and marks the open thread read', async () => {
    const open = buildConversation({ id: 31, other_user: buildConversationUser({ id: OTHER, first_name: 'Priya', last_name: 'Sharma' }) });
    const other = buildConversation({ id: 32, other_user: buildConversationUser({ first_name: 'Karan', last_name: 'Mehta' }) });
    const markedRead: string[] = [];
    server.use(
      http.get('/social/conversations/', () => HttpResponse.json(page([open, other]))),
      http.get('/social/conversations/:id/messages/', ({ request, params }) => {
        if (new URL(request.url).searchParams.get('limit') === '1') markedRead.push(String(params.id));
        return HttpResponse.json(page([]));
      }),
    );
    renderLive(
      <>
        <UnreadConversationsBadge />
        <MessagesPage />
      </>,
      '/user/messages?conversation=31',
    );
    await screen.findByText('No messages yet');
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws');
    act(() => socket.accept(ME));
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'access-1' },
      { type: 'conversation.focus', conversation_id: 31 },
    ]);

    const timestamp = new Date().toISOString();
    serverSends({
      type: 'message.created',
      data: buildMessage({ conversation_id: 31, sender_id: OTHER, content: 'Are you coming tonight?', timestamp }),
    });
    serverSends({
      type: 'conversation.updated',
      data: { conversation_id: 31, unread_count: 1, last_message: { content: 'Are you coming tonight?', timestamp, sender_id: OTHER } },
    });
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(within(thread).getByText('Are you coming tonight?')).toBeInTheDocument();
    await waitFor(() => expect(markedRead).toEqual(['31']));

    // A message in another conversation: it moves to the top with its badge; the messages button counts it.
    const later = new Date(Date.now() + 1_000).toISOString();
    serverSends({
      type: 'message.created',
      data: buildMessage({ conversation_id: 32, sender_id: 99, content: 'Quick question', timestamp: later }),
    });
    serverSends({
      type: 'conversation.updated',
      data: { conversation_id: 32, unread_count: 1, last_message: { content: 'Quick question', timestamp: later, sender_id: 99 } },
    });
    const firstRow = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button')[0] as HTMLElement;
    await waitFor(() => expect(firstRow()).toHaveTextContent('Karan Mehta'));
    expect(firstRow()).toHaveTextContent('Quick question');
    expect(within(firstRow()).getByLabelText('1 unread')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: '1 unread conversations' })).toHaveTextContent('1');
    expect(markedRead).toEqual(['31']);
  });

  it('sends conversation.blur when the thread closes', async () => {
    server.use(
      http.get('/social/conversations/', () => HttpResponse.json(page([buildConversation({ id: 41 })]))),
      http.get('/social/conversations/:id/messages/', () => HttpResponse.json(page([]))),
    );
    const { user } = renderLive(<MessagesPage />, '/user/messages?conversation=41');
    await screen.findByText('No messages yet');
    act(() => FakeSocket.latest().accept(ME));
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(FakeSocket.latest().sent.at(-1)).toEqual({ type: 'conversation.blur' });
  });

  it('blurs while the tab is hidden and, back on the thread, reads what arrived meanwhile', async () => {
    const markedRead: string[] = [];
    const conversation = buildConversation({ id: 45 });
    server.use(
      http.get('/social/conversations/', () => HttpResponse.json(page([conversation]))),
      http.get('/social/conversations/:id/messages/', ({ request, params }) => {
        if (new URL(request.url).searchParams.get('limit') === '1') markedRead.push(String(params.id));
        return HttpResponse.json(page([]));
      }),
    );
    renderLive(<MessagesPage />, '/user/messages?conversation=45');
    await screen.findByText('No messages yet');
    const socket = FakeSocket.latest();
    act(() => socket.accept(ME));
    let visibility: DocumentVisibilityState = 'hidden';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    try {
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(socket.sent.at(-1)).toEqual({ type: 'conversation.blur' });
      const timestamp = new Date().toISOString();
      serverSends({
        type: 'conversation.updated',
        data: { conversation_id: 45, unread_count: 1, last_message: { content: 'While you were away', timestamp, sender_id: OTHER } },
      });
      expect(markedRead).toEqual([]);

      visibility = 'visible';
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(socket.sent.at(-1)).toEqual({ type: 'conversation.focus', conversation_id: 45 });
      await waitFor(() => expect(markedRead).toEqual(['45']));
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('adds notification.created to the bell and reads message notifications with their conversation', async () => {
    server.use(
      http.get('/social/notifications/', () => HttpResponse.json({ ...page([buildNotification({ id: 1, read: true })]), unread_count: 0 })),
    );
    renderLive(<NotificationBell />, '/user');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    act(() => FakeSocket.latest().accept(ME));
    serverSends({
      type: 'notification.created',
      data: buildNotification({ id: 2, text: 'Karan Mehta sent you a message.', type: 'message', conversation_id: 4 }),
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // Reading the conversation elsewhere (another tab) also reads its message notifications.
    serverSends({ type: 'conversation.updated', data: { conversation_id: 4, unread_count: 0, last_message: null } });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('removes a deleted post from the cached feed and refetches after a reconnect', async () => {
    const kept: Post = buildPost({ caption: 'Kept' });
    const removed: Post = buildPost({ caption: 'Removed by a moderator' });
    let conversationRequests = 0;
    server.use(
      http.get('/social/conversations/', () => {
        conversationRequests += 1;
        return HttpResponse.json(page([]));
      }),
    );
    const { queryClient } = renderLive(<UnreadConversationsBadge />, '/user');
    queryClient.setQueryData(postKeys.feed(), { pages: [page([removed, kept])], pageParams: [null] });
    await waitFor(() => expect(conversationRequests).toBe(1));
    act(() => FakeSocket.latest().accept(ME));

    serverSends({ type: 'post.deleted', data: { post_id: removed.id } });
    const feed = queryClient.getQueryData<{ pages: { results: Post[] }[] }>(postKeys.feed());
    expect(feed?.pages[0]?.results.map((post) => post.caption)).toEqual(['Kept']);

    act(() => FakeSocket.latest().drop(1006));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2), { timeout: 3_000 });
    act(() => FakeSocket.latest().accept(ME));
    await waitFor(() => expect(conversationRequests).toBe(2));
  });
});
