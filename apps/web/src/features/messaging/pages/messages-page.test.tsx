import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '@alumlink/contract';
import { buildConversation, buildConversationUser, buildMessage, buildUser, page, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { MESSAGING_TEXTS } from '../messages';
import { MessagesPage } from './messages-page';

const ME = 7;

function renderMessages(path = '/user/messages') {
  storeSession(buildUser({ id: ME }));
  return renderRoutes([{ path: '/user/messages', element: <MessagesPage /> }], { path });
}

function conversationList() {
  return screen.getByRole('list', { name: 'Conversations' });
}

/** A conversation with a one-page thread, served by msw; returns what was sent. */
function serveConversations(conversations: Conversation[], threads: Record<number, Message[]> = {}) {
  const sent: { conversationId: number; content: unknown }[] = [];
  server.use(
    http.get('/social/conversations/', () => HttpResponse.json(page(conversations))),
    http.get('/social/conversations/:id/messages/', ({ params }) => HttpResponse.json(page(threads[Number(params.id)] ?? []))),
    http.post('/social/conversations/:id/send_message/', async ({ params, request }) => {
      const body = (await request.json()) as { content: unknown };
      const conversationId = Number(params.id);
      sent.push({ conversationId, content: body.content });
      return HttpResponse.json(
        buildMessage({ id: 900 + sent.length, conversation_id: conversationId, sender_id: ME, content: String(body.content) }),
        { status: 201 },
      );
    }),
  );
  return sent;
}

describe('MessagesPage', () => {
  it('shows loading, then the empty list and the empty thread texts of the specification', async () => {
    serveConversations([]);
    renderMessages();
    expect(screen.getByRole('status', { name: 'Loading conversations' })).toBeInTheDocument();
    expect(await screen.findByText('No conversations found')).toBeInTheDocument();
    expect(screen.getByText('Your messages')).toBeInTheDocument();
    expect(screen.getByText('Send a message to start a chat')).toBeInTheDocument();
  });

  it("shows 'Failed to load conversations' with a Reload button that loads again", async () => {
    let calls = 0;
    const conversation = buildConversation({ other_user: buildConversationUser({ first_name: 'Rahul', last_name: 'Verma' }) });
    server.use(
      http.get('/social/conversations/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'down', code: 'unavailable' }, { status: 503 })
          : HttpResponse.json(page([conversation]));
      }),
    );
    // The query client of the app retries 5xx answers; the test client does not.
    const { user } = renderMessages();
    expect(await screen.findByText(MESSAGING_TEXTS.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Rahul Verma')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('lists conversations with name, last message and unread badge; opening one loads its messages oldest first and clears the badge', async () => {
    const other = buildConversationUser({ id: 21, first_name: 'Priya', last_name: 'Sharma' });
    const conversation = buildConversation({
      id: 31,
      other_user: other,
      unread_count: 2,
      last_message: { content: 'See you at demo day', timestamp: new Date().toISOString(), sender_id: 21 },
    });
    const older = buildMessage({
      conversation_id: 31,
      sender_id: ME,
      content: 'Hi Priya!',
      timestamp: new Date(Date.now() - 120_000).toISOString(),
    });
    const newer = buildMessage({
      conversation_id: 31,
      sender_id: 21,
      content: 'See you at demo day',
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    });
    serveConversations([conversation], { 31: [newer, older] });
    const { user } = renderMessages();

    const row = await screen.findByRole('button', { name: /Priya Sharma/ });
    expect(within(row).getByText('See you at demo day')).toBeInTheDocument();
    expect(within(row).getByLabelText('2 unread')).toBeInTheDocument();

    await user.click(row);
    const thread = await screen.findByRole('list', { name: 'Messages' });
    const texts = within(thread)
      .getAllByRole('paragraph')
      .map((element) => element.textContent);
    expect(texts).toEqual(['Hi Priya!', 'See you at demo day']);
    await waitFor(() => expect(within(row).queryByLabelText('2 unread')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Priya Sharma/ })).toHaveAttribute('href', '/user/profile/21');
  });

  it("shows a person who deleted their account as 'Deleted user', without a profile link or a composer", async () => {
    const conversation = buildConversation({
      id: 35,
      other_user: buildConversationUser({ id: null, username: '', first_name: 'Deleted user', last_name: '' }),
      last_message: { content: 'Goodbye', timestamp: new Date().toISOString(), sender_id: null },
    });
    const theirs = buildMessage({ conversation_id: 35, sender_id: null, content: 'Goodbye', timestamp: new Date().toISOString() });
    const mine = buildMessage({
      conversation_id: 35,
      sender_id: ME,
      content: 'Hello',
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    });
    serveConversations([conversation], { 35: [theirs, mine] });
    const { user } = renderMessages();

    const row = await screen.findByRole('button', { name: /Deleted user/ });
    expect(within(row).getByText('Goodbye')).toBeInTheDocument();
    await user.click(row);
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(
      within(thread)
        .getAllByRole('paragraph')
        .map((element) => element.textContent),
    ).toEqual(['Hello', 'Goodbye']);
    expect(screen.getByRole('heading', { name: 'Deleted user' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Deleted user/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGING_TEXTS.recipientDeleted)).toBeInTheDocument();
  });

  it('sends a message: it appears in the thread, becomes the last message and moves the conversation to the top', async () => {
    const first = buildConversation({
      id: 41,
      other_user: buildConversationUser({ first_name: 'Anita', last_name: 'Rao' }),
      updated_at: new Date().toISOString(),
    });
    const second = buildConversation({ id: 42, other_user: buildConversationUser({ first_name: 'Karan', last_name: 'Mehta' }) });
    const sent = serveConversations([first, second]);
    const { user } = renderMessages('/user/messages?conversation=42');

    await screen.findByText(MESSAGING_TEXTS.threadEmpty);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '   ');
    await user.keyboard('{Enter}');
    expect(sent).toHaveLength(0);

    await user.clear(box);
    await user.type(box, '  Congrats on the new role!  {Enter}');
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(within(thread).getByText('Congrats on the new role!')).toBeInTheDocument();
    expect(sent).toEqual([{ conversationId: 42, content: 'Congrats on the new role!' }]);
    expect(box).toHaveValue('');

    const rows = within(conversationList()).getAllByRole('button');
    expect(rows[0]).toHaveTextContent('Karan Mehta');
    expect(rows[0]).toHaveTextContent('You: Congrats on the new role!');
  });

  it('only logs a failed send and gives the text back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveConversations([buildConversation({ id: 51 })]);
    server.use(
      http.post('/social/conversations/:id/send_message/', () =>
        HttpResponse.json({ detail: 'down', code: 'unavailable' }, { status: 503 }),
      ),
    );
    const { user } = renderMessages('/user/messages?conversation=51');
    await screen.findByText(MESSAGING_TEXTS.threadEmpty);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to send message', expect.anything()));
    expect(box).toHaveValue('Are you there?');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the conversation with ?user_id= and prefills the composer with &text=', async () => {
    const conversation = buildConversation({
      id: 61,
      other_user: buildConversationUser({ id: 88, first_name: 'Meera', last_name: 'Iyer' }),
    });
    const started: unknown[] = [];
    serveConversations([]);
    server.use(
      http.post('/social/conversations/start_conversation/', async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json(conversation, { status: 201 });
      }),
    );
    const { router } = renderMessages('/user/messages?user_id=88&text=Hello%20Meera');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('Hello Meera');
    expect(started).toEqual([{ user_id: 88 }]);
    expect(router.state.location.search).toBe('?conversation=61&text=Hello+Meera');
    expect(await within(conversationList()).findByText('Meera Iyer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Meera Iyer' })).toBeInTheDocument();
  });

  it('shows why a conversation cannot be started', async () => {
    serveConversations([]);
    server.use(
      http.post('/social/conversations/start_conversation/', () =>
        HttpResponse.json({ user_id: ['You cannot start a conversation with yourself.'] }, { status: 400 }),
      ),
    );
    renderMessages(`/user/messages?user_id=${ME}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot start a conversation with yourself.');
  });

  it('loads older messages with the cursor and keeps them above the newer ones', async () => {
    const conversation = buildConversation({ id: 71 });
    const newest = buildMessage({ conversation_id: 71, sender_id: ME, content: 'Newest', timestamp: new Date().toISOString() });
    const oldest = buildMessage({
      conversation_id: 71,
      sender_id: ME,
      content: 'Oldest',
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    });
    serveConversations([conversation]);
    server.use(
      http.get('/social/conversations/71/messages/', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(cursor === 'older' ? page([oldest]) : page([newest], 'older'));
      }),
    );
    const { user } = renderMessages('/user/messages?conversation=71');
    await screen.findByText('Newest');
    await user.click(screen.getByRole('button', { name: MESSAGING_TEXTS.olderMessages }));
    await screen.findByText('Oldest');
    const thread = screen.getByRole('list', { name: 'Messages' });
    expect(
      within(thread)
        .getAllByRole('paragraph')
        .map((element) => element.textContent),
    ).toEqual(['Oldest', 'Newest']);
    expect(screen.queryByRole('button', { name: MESSAGING_TEXTS.olderMessages })).not.toBeInTheDocument();
  });

  it('goes back from the thread to the list (the phone layout)', async () => {
    serveConversations([buildConversation({ id: 81 })]);
    const { user, router } = renderMessages('/user/messages?conversation=81');
    await screen.findByText(MESSAGING_TEXTS.threadEmpty);
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('Your messages')).toBeInTheDocument();
  });
});
