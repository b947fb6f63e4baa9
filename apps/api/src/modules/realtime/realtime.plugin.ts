import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { PostReaders } from '../../app-events';
import { createRealtimeHub, type RealtimeHub } from '../../lib/realtime/hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's realtime hub (memory, or Redis with REDIS_URL): the sockets of this instance. */
    realtime: RealtimeHub;
  }
}

/** A post's socket audience: a members-only space's posts reach its people alone (decision 034). */
const audienceOf = (readers: PostReaders) =>
  readers === 'everyone' ? ({ kind: 'everyone' } as const) : { kind: 'users' as const, userIds: readers };

/**
 * Creates the app's realtime hub and turns the app's events into socket events; the only place
 * that knows about both (services announce on `ctx.events` and import nothing of realtime).
 * Closes the hub when the app closes.
 */
export const realtimePlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    const { events, presence } = app.ctx;
    // A sign-in ended elsewhere: forget it before its sockets close here, so a request that
    // follows their closing is checked against the database, whatever the database's notice does.
    const { cache } = app.ctx.repositories.auth;
    const hub = createRealtimeHub({
      redisUrl: app.config.redisUrl,
      log: app.log,
      onRemoteSessionsEnded: ({ userId }) => cache.forgetPerson(userId),
    });
    app.decorate('realtime', hub);
    presence.provide(hub);
    const unsubscribe = [
      events.on('post.created', ({ postId, readers }) =>
        hub.publish(audienceOf(readers), { type: 'post.created', data: { post_id: postId } }),
      ),
      events.on('post.deleted', ({ postId, readers }) =>
        hub.publish(audienceOf(readers), { type: 'post.deleted', data: { post_id: postId } }),
      ),
      events.on('notification.created', ({ userId, notification }) =>
        hub.publish({ kind: 'users', userIds: [userId] }, { type: 'notification.created', data: notification }),
      ),
      events.on('message.created', ({ userIds, message }) =>
        hub.publish({ kind: 'users', userIds }, { type: 'message.created', data: message }),
      ),
      events.on('conversation.updated', ({ userId, conversation }) =>
        hub.publish({ kind: 'users', userIds: [userId] }, { type: 'conversation.updated', data: conversation }),
      ),
      events.on('event.message', ({ eventId, message }) =>
        hub.publish({ kind: 'everyone' }, { type: 'event.message', data: { event_id: eventId, message } }),
      ),
      events.on('sessions.ended', (ended) => hub.endSessions(ended)),
    ];
    app.addHook('onClose', async () => {
      for (const stop of unsubscribe) stop();
      presence.provide(null);
      await hub.close();
    });
  },
  { name: 'realtime', dependencies: ['app-context'] },
);
