import {
  REALTIME_SESSION_ENDED_REASON,
  REALTIME_UNAUTHORIZED_CLOSE_CODE,
  realtimeServerEventSchema,
  type RealtimeClientMessage,
  type RealtimeServerEvent,
} from '@alumlink/contract';
import { reconnectDelay } from './backoff';

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type CreateSocket = (url: string) => SocketLike;

/** Events after the handshake (`auth.ok` is the client's own business). */
export type RealtimeEvent = Exclude<RealtimeServerEvent, { type: 'auth.ok' }>;
export type RealtimeEventListener = (event: RealtimeEvent) => void;

export interface RealtimeClientOptions {
  url: string;
  /** The current access token; without one the client does not connect. */
  getToken: () => string | null;
  /** After a 4401 close: a new access token, or null when the session is over (the client stops). */
  refreshToken: () => Promise<string | null>;
  createSocket?: CreateSocket;
  /** In [0, 1): the jitter of the reconnect delays. */
  random?: () => number;
}

const CONNECTING = 0;
const OPEN = 1;
const NORMAL_CLOSE = 1000;

const browserSocket: CreateSocket = (url) => new WebSocket(url);

/**
 * The live connection: opens the socket, sends `{type:'auth', token}` first, dispatches the
 * server's events, tells the server which conversation is on screen, and reconnects: after a
 * 4401 with a refreshed token, after anything else with exponential backoff (1 s → 30 s, jitter).
 * Every successful reconnect is announced so the caller can refetch what may have been missed.
 */
export class RealtimeClient {
  private readonly options: Required<RealtimeClientOptions>;
  private socket: SocketLike | null = null;
  private running = false;
  private authenticated = false;
  private connectedBefore = false;
  private attempt = 0;
  private unauthorizedInRow = 0;
  private tokenInUse: string | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private focusedConversation: number | null = null;
  private readonly eventListeners = new Set<RealtimeEventListener>();
  private readonly reconnectListeners = new Set<() => void>();

  constructor(options: RealtimeClientOptions) {
    this.options = { ...options, createSocket: options.createSocket ?? browserSocket, random: options.random ?? Math.random };
  }

  get isConnected(): boolean {
    return this.authenticated;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.clearReconnectTimer();
    const socket = this.socket;
    this.socket = null;
    this.authenticated = false;
    if (!socket) return;
    socket.onmessage = socket.onclose = socket.onerror = null;
    if (socket.readyState === CONNECTING) {
      // Closing a socket that is still connecting makes browsers log an error: close it once open.
      socket.onopen = () => socket.close(NORMAL_CLOSE, 'client stopped');
      return;
    }
    socket.onopen = null;
    socket.close(NORMAL_CLOSE, 'client stopped');
  }

  /** Listens to server events; returns the unsubscribe function. */
  subscribe(listener: RealtimeEventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Called after each reconnect (not the first connection). */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** The conversation open and visible on screen (null: none); repeated after reconnects. */
  setFocus(conversationId: number | null): void {
    if (conversationId === this.focusedConversation) return;
    this.focusedConversation = conversationId;
    this.sendFocus();
  }

  private sendFocus(): void {
    const id = this.focusedConversation;
    this.send(id === null ? { type: 'conversation.blur' } : { type: 'conversation.focus', conversation_id: id });
  }

  private send(message: RealtimeClientMessage): void {
    if (this.socket && this.authenticated && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    if (!this.running) return;
    const token = this.options.getToken();
    if (!token) {
      this.running = false;
      return;
    }
    this.tokenInUse = token;
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token } satisfies RealtimeClientMessage));
    socket.onmessage = (event) => this.handleFrame(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.handleClose(event.code, event.reason);
    };
    // A failed socket also closes; the close handler decides what happens next.
    socket.onerror = () => undefined;
  }

  private handleFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const result = realtimeServerEventSchema.safeParse(parsed);
    if (!result.success) return;
    const event = result.data;
    if (event.type === 'auth.ok') {
      this.handleAuthenticated();
      return;
    }
    for (const listener of this.eventListeners) {
      try {
        listener(event);
      } catch (error) {
        console.warn('realtime: an event listener failed', error);
      }
    }
  }

  private handleAuthenticated(): void {
    this.authenticated = true;
    this.attempt = 0;
    this.unauthorizedInRow = 0;
    if (this.focusedConversation !== null) this.sendFocus();
    if (this.connectedBefore) for (const listener of this.reconnectListeners) listener();
    this.connectedBefore = true;
  }

  private handleClose(code: number, reason: string): void {
    this.socket = null;
    this.authenticated = false;
    if (!this.running) return;
    if (code === REALTIME_UNAUTHORIZED_CLOSE_CODE && reason === REALTIME_SESSION_ENDED_REASON) {
      // The sign-in itself ended (logout, password change or reset): a refresh can only fail.
      this.awaitNewSignIn(this.tokenInUse);
      return;
    }
    if (code === REALTIME_UNAUTHORIZED_CLOSE_CODE) {
      this.unauthorizedInRow += 1;
      // The first refusal refreshes at once; repeated ones wait, so a broken session cannot spin.
      if (this.unauthorizedInRow === 1) void this.reconnectWithFreshToken();
      else this.scheduleReconnect(true);
      return;
    }
    this.scheduleReconnect(false);
  }

  private async reconnectWithFreshToken(): Promise<void> {
    const stored = this.options.getToken();
    if (stored && stored !== this.tokenInUse) {
      // The API client refreshed the token meanwhile.
      this.connect();
      return;
    }
    try {
      const fresh = await this.options.refreshToken();
      if (!this.running) return;
      if (fresh === null) {
        this.stop();
        return;
      }
      this.connect();
    } catch (error) {
      console.warn('realtime: token refresh failed', error);
      this.scheduleReconnect(true);
    }
  }

  /**
   * After 'session ended': connects again once this tab holds the tokens of another sign-in (a
   * password change here answers new ones, perhaps just after the close), stops once it holds
   * none (logout), and meanwhile looks again with backoff, never refreshing the ended sign-in.
   */
  private awaitNewSignIn(endedToken: string | null): void {
    const stored = this.options.getToken();
    if (stored === null) {
      this.stop();
      return;
    }
    if (stored !== endedToken) {
      this.connect();
      return;
    }
    this.clearReconnectTimer();
    const delay = reconnectDelay(this.attempt, this.options.random());
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.running) this.awaitNewSignIn(endedToken);
    }, delay);
  }

  private scheduleReconnect(refreshFirst: boolean): void {
    this.clearReconnectTimer();
    const delay = reconnectDelay(this.attempt, this.options.random());
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.running) return;
      if (refreshFirst) void this.reconnectWithFreshToken();
      else this.connect();
    }, delay);
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
