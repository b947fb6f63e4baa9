import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createRealtimeHub, type RealtimeHub } from '../../lib/realtime/hub';
import { startSocketSession, type SocketSession } from './socket-session';

const quietLog = { warn: () => undefined, info: () => undefined };
let server: WebSocketServer;
let hub: RealtimeHub;

afterEach(async () => {
  await hub.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A bare ws server running one socket session; resolves with the session and a client. */
async function sessionWithClient(autoPong: boolean): Promise<{ session: SocketSession; client: WebSocket }> {
  hub = createRealtimeHub({ redisUrl: null, log: quietLog });
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const sessionReady = new Promise<SocketSession>((resolve) => {
    server.once('connection', (socket) => {
      resolve(
        startSocketSession(socket, {
          hub,
          log: quietLog,
          identify: async () => ({ userId: 1, session: '00000000-0000-4000-8000-000000000001', expiresAt: new Date(Date.now() + 60_000) }),
        }),
      );
    });
  });
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, { autoPong });
  await new Promise((resolve) => client.once('open', resolve));
  const session = await sessionReady;
  const authed = new Promise((resolve) => client.once('message', resolve));
  client.send(JSON.stringify({ type: 'auth', token: 'any' }));
  await authed;
  return { session, client };
}

describe('socket heartbeat', () => {
  it('keeps a socket that answers pings', async () => {
    const { session, client } = await sessionWithClient(true);
    for (let beat = 0; beat < 3; beat += 1) {
      const ponged = new Promise((resolve) => client.once('ping', resolve));
      session.heartbeat();
      await ponged;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(client.readyState).toBe(WebSocket.OPEN);
    expect(hub.localConnectionCount()).toBe(1);
    client.close();
  });

  it('terminates a socket that did not answer the previous ping, and unregisters it', async () => {
    const { session, client } = await sessionWithClient(false);
    const closed = new Promise<number>((resolve) => client.once('close', resolve));
    session.heartbeat();
    await new Promise((resolve) => setTimeout(resolve, 100));
    session.heartbeat();
    expect(await closed).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hub.localConnectionCount()).toBe(0);
  });
});
