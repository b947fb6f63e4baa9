import { REALTIME_HEARTBEAT_MS, REALTIME_PATH } from '@alumlink/contract';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identifySocketToken } from './realtime.service';
import { startSocketSession, type SocketSession } from './socket-session';

/** Client frames are small JSON objects; anything bigger is refused by ws (close 1009). */
const MAX_FRAME_BYTES = 16 * 1024;

/** The WebSocket endpoint on the app's realtime hub (realtime.plugin.ts). */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.realtime;
  const sessions = new Set<SocketSession>();
  const heartbeat = setInterval(() => {
    for (const session of sessions) session.heartbeat();
  }, REALTIME_HEARTBEAT_MS);
  heartbeat.unref();
  // Sign-ins ended elsewhere are re-checked by the realtime-sessions job (plugins/schedulers.ts).
  // The heartbeat is the sockets' keep-alive (a ping per socket, no work to record), not a job.
  app.addHook('onClose', (_instance, done) => {
    clearInterval(heartbeat);
    done();
  });

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary: "WebSocket: first frame {type:'auth', token}; then server events {type, data} (see the contract's realtime.ts)",
      },
    },
    (socket) => {
      const session = startSocketSession(socket, {
        hub,
        identify: (token) => identifySocketToken(app.ctx, app.config.jwtSecret, token),
        log: app.log,
      });
      sessions.add(session);
      socket.on('close', () => sessions.delete(session));
    },
  );
};
