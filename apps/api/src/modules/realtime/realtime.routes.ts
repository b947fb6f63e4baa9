import { REALTIME_HEARTBEAT_MS, REALTIME_PATH } from '@alumlink/contract';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRealtimeHub } from '../../lib/realtime/hub';
import { bindRealtimeHub, unbindRealtimeHub } from '../../lib/realtime/registry';
import { onPostDeleted } from '../posts/post-events';
import { broadcastPostDeleted, closeSocketsOfInvalidSessions, identifySocketToken } from './realtime.service';
import { startSocketSession, type SocketSession } from './socket-session';

/** Client frames are small JSON objects; anything bigger is refused by ws (close 1009). */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * The WebSocket endpoint and the app's realtime hub (memory, or Redis with REDIS_URL). The hub
 * is bound to `app.db` so services publish with `publishRealtime(db, ...)`.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createRealtimeHub({ redisUrl: app.config.redisUrl, log: app.log });
  bindRealtimeHub(app.db, hub);
  // post-events is process-wide: several apps in one process (tests) each hear every deletion.
  const stopListening = onPostDeleted((event) => broadcastPostDeleted(app.db, event.postId));
  const sessions = new Set<SocketSession>();
  const heartbeat = setInterval(() => {
    for (const session of sessions) session.heartbeat();
  }, REALTIME_HEARTBEAT_MS);
  heartbeat.unref();
  // Sign-ins ended without a realtime message reaching this instance (Redis down, CLI, SQL):
  // one query per tick for all the sockets; a tick is skipped while the previous one runs.
  let checking: Promise<void> | null = null;
  const sessionCheck = setInterval(() => {
    checking ??= closeSocketsOfInvalidSessions(app.db, hub)
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, "realtime: re-checking the sockets' sign-ins failed"),
      )
      .finally(() => {
        checking = null;
      });
  }, app.config.realtimeSessionCheckMs);
  sessionCheck.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    await checking;
    stopListening();
    unbindRealtimeHub(app.db);
    await hub.close();
  });

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  app.get(REALTIME_PATH, {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary: "WebSocket: first frame {type:'auth', token}; then server events {type, data} (see the contract's realtime.ts)",
      },
    }, (socket) => {
    const session = startSocketSession(socket, {
      hub,
      identify: (token) => identifySocketToken(app.db, app.config.jwtSecret, token),
      log: app.log,
    });
    sessions.add(session);
    socket.on('close', () => sessions.delete(session));
  });
};
