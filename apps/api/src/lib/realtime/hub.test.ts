import type { RealtimeServerEvent } from '@alumlink/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeHub, type RealtimeHub } from './hub';

const quietLog = { warn: () => undefined, info: () => undefined };
const postCreated = (postId: number): RealtimeServerEvent => ({ type: 'post.created', data: { post_id: postId } });

let hub: RealtimeHub;
afterEach(() => hub.close());

describe('in-memory realtime hub', () => {
  it('delivers to the sockets of the audience only, and to everyone for broadcasts', () => {
    hub = createRealtimeHub({ redisUrl: null, log: quietLog });
    const received = new Map<string, RealtimeServerEvent[]>();
    const attach = (name: string, userId: number) => {
      received.set(name, []);
      return hub.attach(userId, (event) => received.get(name)?.push(event));
    };
    attach('ann-1', 1);
    attach('ann-2', 1);
    const ben = attach('ben', 2);
    attach('cy', 3);

    hub.publish({ kind: 'users', userIds: [1, 2] }, postCreated(10));
    hub.publish({ kind: 'everyone' }, postCreated(11));
    ben.detach();
    hub.publish({ kind: 'users', userIds: [2] }, postCreated(12));

    const ids = (name: string) => received.get(name)?.map((event) => (event.type === 'post.created' ? event.data.post_id : -1));
    expect(ids('ann-1')).toEqual([10, 11]);
    expect(ids('ann-2')).toEqual([10, 11]);
    expect(ids('ben')).toEqual([10, 11]);
    expect(ids('cy')).toEqual([11]);
    expect(hub.localConnectionCount()).toBe(3);
  });

  it('serialises an event once for all its sockets and hands each socket that JSON', () => {
    hub = createRealtimeHub({ redisUrl: null, log: quietLog });
    const frames: string[] = [];
    for (const userId of [1, 1, 2, 3]) hub.attach(userId, (_event, frame) => frames.push(frame));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      hub.publish({ kind: 'users', userIds: [1, 2, 2] }, postCreated(20));
      hub.publish({ kind: 'everyone' }, postCreated(21));
      hub.publish({ kind: 'users', userIds: [99] }, postCreated(22));
      expect(stringify).toHaveBeenCalledTimes(2);
    } finally {
      stringify.mockRestore();
    }
    expect(frames.map((frame) => JSON.parse(frame))).toEqual([...Array(3).fill(postCreated(20)), ...Array(4).fill(postCreated(21))]);
  });

  it('keeps delivering to other sockets when one of them throws', () => {
    hub = createRealtimeHub({ redisUrl: null, log: quietLog });
    const got: RealtimeServerEvent[] = [];
    hub.attach(1, () => {
      throw new Error('socket gone');
    });
    hub.attach(1, (event) => got.push(event));
    hub.publish({ kind: 'users', userIds: [1] }, postCreated(1));
    expect(got).toHaveLength(1);
  });

  it('knows who looks at which conversation until blur or close', async () => {
    hub = createRealtimeHub({ redisUrl: null, log: quietLog });
    const phone = hub.attach(7, () => undefined);
    const laptop = hub.attach(7, () => undefined);
    expect(await hub.isViewing(7, 100)).toBe(false);
    phone.setFocus(100);
    laptop.setFocus(200);
    expect(await hub.isViewing(7, 100)).toBe(true);
    expect(await hub.isViewing(7, 200)).toBe(true);
    expect(await hub.isViewing(8, 100)).toBe(false);
    phone.setFocus(null);
    laptop.detach();
    expect(await hub.isViewing(7, 100)).toBe(false);
    expect(await hub.isViewing(7, 200)).toBe(false);
  });

  it('ends the sockets of one sign-in, or of all sign-ins of a person', () => {
    hub = createRealtimeHub({ redisUrl: null, log: quietLog });
    const ended: string[] = [];
    const link = (name: string, family: string) => ({ family, checkedAt: Date.now(), end: () => ended.push(name) });
    hub.attach(1, () => undefined, link('phone', 'f-phone'));
    hub.attach(1, () => undefined, link('laptop', 'f-laptop'));
    hub.attach(2, () => undefined, link('other', 'f-other'));
    hub.attach(1, () => undefined);

    hub.endSessions({ userId: 1, family: 'f-phone' });
    expect(ended).toEqual(['phone']);
    hub.endSessions({ userId: 1, family: null });
    expect(ended).toEqual(['phone', 'phone', 'laptop']);
    expect(ended).not.toContain('other');
  });

  it('ends a socket whose sign-in ended while it was being checked', async () => {
    hub = createRealtimeHub({ redisUrl: null, log: quietLog });
    const ended: string[] = [];
    const checkedAt = Date.now();
    hub.endSessions({ userId: 1, family: 'f-late' });
    hub.attach(1, () => undefined, { family: 'f-late', checkedAt, end: () => ended.push('late') });
    // Checked after the end: a new sign-in, kept.
    hub.attach(1, () => undefined, { family: 'f-new', checkedAt: Date.now() + 1, end: () => ended.push('new') });
    await Promise.resolve();
    expect(ended).toEqual(['late']);
  });

  it('lists the distinct sign-ins of its sockets and ends the given ones locally', () => {
    hub = createRealtimeHub({ redisUrl: null, log: quietLog });
    const ended: string[] = [];
    const link = (name: string, family: string) => ({ family, checkedAt: Date.now(), end: () => ended.push(name) });
    hub.attach(1, () => undefined, link('phone-tab-1', 'f-phone'));
    hub.attach(1, () => undefined, link('phone-tab-2', 'f-phone'));
    hub.attach(1, () => undefined, link('laptop', 'f-laptop'));
    const other = hub.attach(2, () => undefined, link('other', 'f-other'));
    hub.attach(3, () => undefined);
    other.detach();

    expect(hub.localSessions()).toEqual([
      { userId: 1, family: 'f-phone' },
      { userId: 1, family: 'f-laptop' },
    ]);
    // A family named with the wrong person ends nothing.
    hub.endLocalSessions([
      { userId: 1, family: 'f-phone' },
      { userId: 2, family: 'f-laptop' },
    ]);
    expect(ended).toEqual(['phone-tab-1', 'phone-tab-2']);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('realtime hubs on Redis (needs TEST_REDIS_URL)', () => {
  it('tells an instance of sign-ins ended on another one before it closes their sockets there', async () => {
    const heard: string[] = [];
    const other = createRealtimeHub({
      redisUrl: String(process.env.TEST_REDIS_URL),
      log: quietLog,
      onRemoteSessionsEnded: (ended) => heard.push(`ended ${ended.userId}`),
    });
    hub = createRealtimeHub({ redisUrl: String(process.env.TEST_REDIS_URL), log: quietLog });
    try {
      const userId = 900_000 + Math.floor(Math.random() * 100_000);
      other.attach(userId, () => undefined, { family: 'f1', checkedAt: 0, end: () => heard.push('socket closed') });
      // Both hubs subscribe on their own 'ready': publish until the other one hears.
      await vi.waitFor(
        () => {
          hub.endSessions({ userId, family: null });
          expect(heard).toContain(`ended ${userId}`);
        },
        { timeout: 5_000, interval: 100 },
      );
      expect(heard.slice(0, 2)).toEqual([`ended ${userId}`, 'socket closed']);
    } finally {
      await other.close();
    }
  });
});
