import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_SESSION_ENDED_REASON,
  REALTIME_UNAUTHORIZED_CLOSE_CODE,
  realtimeClientMessageSchema,
  type RealtimeClientMessage,
  type RealtimeServerEvent,
} from '@alumlink/contract';
import { WebSocket, type RawData } from 'ws';
import type { HubConnection, HubLogger, RealtimeHub } from '../../lib/realtime/hub';

/** Who a valid token speaks for, its sign-in (session family), and until when. */
export type SocketIdentity = { userId: number; session: string; expiresAt: Date };

export type SocketSessionDeps = {
  hub: RealtimeHub;
  /** Null for a bad, expired or revoked token (never throws for bad input). */
  identify(token: string): Promise<SocketIdentity | null>;
  log: HubLogger;
};

export type SocketSession = {
  /** One heartbeat tick: terminates the socket when the previous ping got no pong, else pings. */
  heartbeat(): void;
};

/** setTimeout's ceiling (~24.8 days); access tokens live minutes, this only guards odd clocks. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function parseFrame(raw: RawData, isBinary: boolean): RealtimeClientMessage | null {
  if (isBinary) return null;
  try {
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw as ArrayBuffer).toString('utf8');
    const parsed = realtimeClientMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One WebSocket: the first frame must be `{type:'auth', token}` within 5 s, else (or for a bad
 * token, or when the token expires) the socket is closed with 4401 'unauthorized'. Then it is
 * registered with the hub and may send `conversation.focus` / `conversation.blur`. When its
 * sign-in ends (logout, password reset, deletion, deactivation) the hub closes it with 4401
 * 'session ended'.
 */
export function startSocketSession(socket: WebSocket, deps: SocketSessionDeps): SocketSession {
  let connection: HubConnection | null = null;
  let alive = true;
  let expiryTimer: NodeJS.Timeout | undefined;
  // Frames are handled one after the other, so a focus sent right after auth waits for it.
  let queue: Promise<void> = Promise.resolve();

  const closeUnauthorized = () => {
    if (socket.readyState === WebSocket.OPEN) socket.close(REALTIME_UNAUTHORIZED_CLOSE_CODE, 'unauthorized');
  };
  const closeSessionEnded = () => {
    if (socket.readyState === WebSocket.OPEN) socket.close(REALTIME_UNAUTHORIZED_CLOSE_CODE, REALTIME_SESSION_ENDED_REASON);
  };
  const authTimer = setTimeout(closeUnauthorized, REALTIME_AUTH_TIMEOUT_MS);

  /** Writes one event, already serialised as JSON (the hub serialises each event once). */
  const sendFrame = (frame: string) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(frame);
  };

  async function authenticate(token: string): Promise<void> {
    const checkedAt = Date.now();
    const identity = await deps.identify(token).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'realtime: socket authentication failed');
      return null;
    });
    clearTimeout(authTimer);
    if (!identity || socket.readyState !== WebSocket.OPEN) {
      closeUnauthorized();
      return;
    }
    connection = deps.hub.attach(identity.userId, (_event, frame) => sendFrame(frame), {
      family: identity.session,
      checkedAt,
      end: closeSessionEnded,
    });
    expiryTimer = setTimeout(closeUnauthorized, Math.min(Math.max(0, identity.expiresAt.getTime() - Date.now()), MAX_TIMER_MS));
    sendFrame(JSON.stringify({ type: 'auth.ok', data: { user_id: identity.userId } } satisfies RealtimeServerEvent));
  }

  async function handle(frame: RealtimeClientMessage | null): Promise<void> {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (!connection) {
      if (frame?.type === 'auth') await authenticate(frame.token);
      else closeUnauthorized();
      return;
    }
    // Unknown or malformed frames from an authenticated client are ignored; a second auth too.
    if (frame?.type === 'conversation.focus') connection.setFocus(frame.conversation_id);
    else if (frame?.type === 'conversation.blur') connection.setFocus(null);
  }

  socket.on('message', (raw, isBinary) => {
    const frame = parseFrame(raw, isBinary);
    queue = queue.then(() => handle(frame));
  });
  socket.on('pong', () => {
    alive = true;
  });
  socket.on('error', (error) => deps.log.warn({ err: error }, 'realtime: socket error'));
  socket.on('close', () => {
    clearTimeout(authTimer);
    clearTimeout(expiryTimer);
    connection?.detach();
    connection = null;
  });

  return {
    heartbeat() {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      if (socket.readyState === WebSocket.OPEN) socket.ping();
      connection?.heartbeat();
    },
  };
}
