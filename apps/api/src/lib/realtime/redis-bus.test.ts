import { randomUUID } from 'node:crypto';
import type { RealtimeServerEvent } from '@alumlink/contract';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeEnvelope } from './hub-messages';
import { createRedisBus, parseEnvelopes, type RealtimeBus } from './redis-bus';

const quietLog = { warn: () => undefined, info: () => undefined };
const postCreated = (postId: number): RealtimeServerEvent => ({ type: 'post.created', data: { post_id: postId } });
/** Other test files may share the Redis channel: this file's envelopes carry an origin of its own. */
const origin = `redis-bus-test-${randomUUID()}`;
const envelope = (postId: number): RealtimeEnvelope => ({ origin, audience: { kind: 'everyone' }, event: postCreated(postId) });

describe('realtime bus messages', () => {
  it('reads one envelope, or several published together, and skips what is not an envelope', () => {
    const ended = { origin, ended: { userId: 3, family: null } };
    expect(parseEnvelopes(JSON.stringify(envelope(1)))).toEqual([envelope(1)]);
    expect(parseEnvelopes(JSON.stringify([envelope(1), ended, envelope(2)]))).toEqual([envelope(1), ended, envelope(2)]);
    const junk = [null, 7, 'x', [], { origin: 1 }, { origin, ended: null }, { origin, audience: null, event: { type: 'x' } }];
    expect(parseEnvelopes(JSON.stringify([...junk, envelope(3)]))).toEqual([envelope(3)]);
    expect(parseEnvelopes('{not json')).toEqual([]);
    expect(parseEnvelopes('null')).toEqual([]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('realtime bus on Redis (needs TEST_REDIS_URL)', () => {
  const buses: RealtimeBus[] = [];
  const clients: Redis[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    for (const client of clients.splice(0)) client.disconnect();
  });

  it('sends the envelopes of one turn of the event loop in one PUBLISH, and the other instance gets each of them in order', async () => {
    const received: RealtimeEnvelope[] = [];
    const listening = createRedisBus({
      url: String(redisUrl),
      log: quietLog,
      onEnvelope: (item) => item.origin === origin && received.push(item),
    });
    const sending = createRedisBus({ url: String(redisUrl), log: quietLog, onEnvelope: () => undefined });
    buses.push(listening, sending);
    const watcher = new Redis(String(redisUrl));
    clients.push(watcher);
    const messages: string[] = [];
    watcher.on('message', (_channel: string, text: string) => text.includes(origin) && messages.push(text));
    await watcher.subscribe('alumlink:realtime');
    // Each bus subscribes on its own 'ready' (with the watcher: 3, more when other tests run).
    const subscribers = async () => ((await watcher.call('pubsub', 'numsub', 'alumlink:realtime')) as [string, number])[1];
    await expect.poll(subscribers, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);

    sending.publish(envelope(1));
    sending.publish(envelope(2));
    sending.publish(envelope(3));
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(3);
    expect(received).toEqual([envelope(1), envelope(2), envelope(3)]);
    expect(messages).toHaveLength(1);

    // Alone in its turn, an envelope keeps the plain form that earlier versions read.
    await new Promise((resolve) => setTimeout(resolve, 20));
    sending.publish(envelope(4));
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(4);
    expect(messages).toHaveLength(2);
    expect(JSON.parse(messages[1] ?? 'null')).toEqual(envelope(4));
  });
});
