import { REALTIME_SESSION_ENDED_REASON } from '@alumlink/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelay } from './backoff';
import { FakeSocket } from './fake-socket';
import { RealtimeClient, type RealtimeClientOptions, type RealtimeEvent } from './realtime-client';

function createClient(overrides: Partial<RealtimeClientOptions> = {}) {
  let token: string | null = 'access-1';
  const refreshToken = vi.fn(async () => {
    token = 'access-2';
    return token;
  });
  const client = new RealtimeClient({
    url: 'ws://localhost:3000/ws',
    getToken: () => token,
    refreshToken,
    createSocket: (url) => new FakeSocket(url),
    random: () => 0.5,
    ...overrides,
  });
  return { client, refreshToken, setToken: (value: string | null) => (token = value) };
}

beforeEach(() => {
  FakeSocket.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s with jitter in the upper half', () => {
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(0, 0.999_999)).toBe(1_000);
    expect(reconnectDelay(1, 0.5)).toBe(1_500);
    expect(reconnectDelay(4, 0)).toBe(8_000);
    expect(reconnectDelay(10, 0)).toBe(15_000);
    expect(reconnectDelay(10, 0.999_999)).toBe(30_000);
  });
});

describe('RealtimeClient', () => {
  it('opens the socket and sends the auth frame first', () => {
    const { client } = createClient();
    client.start();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws');
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'access-1' }]);
    client.stop();
    expect(socket.closedWith).toBe(1000);
  });

  it('closes a socket stopped while connecting once it opens, without sending anything', () => {
    const { client } = createClient();
    client.start();
    const socket = FakeSocket.latest();
    client.stop();
    expect(socket.closedWith).toBeNull();
    socket.open();
    expect(socket.closedWith).toBe(1000);
    expect(socket.sent).toEqual([]);
  });

  it('does not connect without an access token', () => {
    const { client, setToken } = createClient();
    setToken(null);
    client.start();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('dispatches valid events to subscribers and ignores malformed frames', () => {
    const { client } = createClient();
    const received: RealtimeEvent[] = [];
    const unsubscribe = client.subscribe((event) => received.push(event));
    client.start();
    const socket = FakeSocket.latest();
    socket.accept();
    socket.receive('not json');
    socket.receive(JSON.stringify({ type: 'unknown.event', data: {} }));
    socket.receive({ type: 'post.deleted', data: { post_id: 12 } });
    expect(received).toEqual([{ type: 'post.deleted', data: { post_id: 12 } }]);
    unsubscribe();
    socket.receive({ type: 'post.created', data: { post_id: 13 } });
    expect(received).toHaveLength(1);
  });

  it('reconnects with exponential backoff and announces the reconnect after auth.ok', () => {
    const { client } = createClient();
    const onReconnect = vi.fn();
    client.onReconnect(onReconnect);
    client.start();
    FakeSocket.latest().accept();
    expect(onReconnect).not.toHaveBeenCalled();

    FakeSocket.latest().drop(1006);
    vi.advanceTimersByTime(749);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    // The second try fails too: the wait doubles.
    FakeSocket.latest().drop(1006);
    vi.advanceTimersByTime(1_499);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    FakeSocket.latest().accept();
    expect(FakeSocket.latest().sent[0]).toEqual({ type: 'auth', token: 'access-1' });
    expect(onReconnect).toHaveBeenCalledTimes(1);

    // After a success the backoff starts again from 1 s.
    FakeSocket.latest().drop(1011);
    vi.advanceTimersByTime(750);
    expect(FakeSocket.instances).toHaveLength(4);
    client.stop();
  });

  it('caps the wait at 30 s', () => {
    const { client } = createClient({ random: () => 0.999_999 });
    client.start();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      FakeSocket.latest().drop(1006);
      vi.advanceTimersByTime(30_000);
    }
    const before = FakeSocket.instances.length;
    FakeSocket.latest().drop(1006);
    vi.advanceTimersByTime(29_999);
    expect(FakeSocket.instances).toHaveLength(before);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(before + 1);
    client.stop();
  });

  it('on 4401 refreshes the access token and reconnects with the new one at once', async () => {
    const { client, refreshToken } = createClient();
    client.start();
    FakeSocket.latest().accept();
    FakeSocket.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sent[0]).toEqual({ type: 'auth', token: 'access-2' });
    client.stop();
  });

  it('on 4401 uses a token the API client refreshed meanwhile without refreshing again', async () => {
    const { client, refreshToken, setToken } = createClient();
    client.start();
    FakeSocket.latest().accept();
    setToken('access-from-api-client');
    FakeSocket.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshToken).not.toHaveBeenCalled();
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sent[0]).toEqual({ type: 'auth', token: 'access-from-api-client' });
    client.stop();
  });

  it("on 'session ended' never refreshes; stops once the tab holds no token (logout)", async () => {
    const { client, refreshToken, setToken } = createClient();
    client.start();
    FakeSocket.latest().accept();
    FakeSocket.latest().drop(4401, REALTIME_SESSION_ENDED_REASON);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshToken).not.toHaveBeenCalled();
    setToken(null);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it("on 'session ended' reconnects with the tokens of the new sign-in once the tab has them (password change)", async () => {
    const { client, refreshToken, setToken } = createClient();
    client.start();
    FakeSocket.latest().accept();
    FakeSocket.latest().drop(4401, REALTIME_SESSION_ENDED_REASON);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.instances).toHaveLength(1);
    setToken('access-of-new-sign-in');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sent[0]).toEqual({ type: 'auth', token: 'access-of-new-sign-in' });
    client.stop();
  });

  it('stops when the session cannot be refreshed', async () => {
    const { client } = createClient({ refreshToken: async () => null });
    client.start();
    FakeSocket.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('waits with backoff when 4401 repeats right after a refresh', async () => {
    const { client, refreshToken } = createClient();
    client.start();
    FakeSocket.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(750);
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(FakeSocket.instances).toHaveLength(3);
    client.stop();
  });

  it('sends conversation.focus and blur once authenticated, and repeats the focus after a reconnect', () => {
    const { client } = createClient();
    client.setFocus(5);
    client.start();
    const first = FakeSocket.latest();
    first.accept();
    expect(first.sent).toEqual([
      { type: 'auth', token: 'access-1' },
      { type: 'conversation.focus', conversation_id: 5 },
    ]);
    client.setFocus(null);
    expect(first.sent.at(-1)).toEqual({ type: 'conversation.blur' });
    client.setFocus(9);
    first.drop(1006);
    client.setFocus(10);
    vi.advanceTimersByTime(1_000);
    const second = FakeSocket.latest();
    second.accept();
    expect(second.sent).toEqual([
      { type: 'auth', token: 'access-1' },
      { type: 'conversation.focus', conversation_id: 10 },
    ]);
    client.stop();
  });
});
