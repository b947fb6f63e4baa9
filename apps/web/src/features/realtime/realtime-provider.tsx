import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { getFocusedConversation, markConversationSeenIfUnread, subscribeToFocusedConversation } from '@/features/messaging';
import { refreshSession } from '@/lib/api-client';
import { getAccessToken } from '@/lib/storage';
import { RealtimeClient, type CreateSocket, type RealtimeEventListener } from './realtime-client';
import { applyRealtimeEvent, invalidateAfterReconnect } from './realtime-events';
import { realtimeUrl } from './realtime-url';

const RealtimeContext = createContext<RealtimeClient | null>(null);

function isTabVisible(): boolean {
  return document.visibilityState !== 'hidden';
}

/** Tells the server which conversation is on screen: the open thread while the tab is visible. */
function useConversationFocusSync(client: RealtimeClient) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const update = () => client.setFocus(isTabVisible() ? getFocusedConversation() : null);
    const handleVisibilityChange = () => {
      update();
      // Messages that came while the tab was hidden are read once the thread is seen again.
      const focused = isTabVisible() ? getFocusedConversation() : null;
      if (focused !== null)
        markConversationSeenIfUnread(queryClient, focused).catch((error: unknown) =>
          console.warn('realtime: could not mark the thread read', error),
        );
    };
    update();
    const unsubscribe = subscribeToFocusedConversation(update);
    document.addEventListener('visibilitychange', handleVisibilityChange);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', handleVisibilityChange);
    };
  }, [client, queryClient]);
}

export interface RealtimeProviderProps {
  children: ReactNode;
  /** Tests inject a fake WebSocket here. */
  createSocket?: CreateSocket;
}

/** Keeps the signed-in person's live connection open and feeds its events into the query cache. */
export function RealtimeProvider({ children, createSocket }: RealtimeProviderProps) {
  const queryClient = useQueryClient();
  const [client] = useState(
    () => new RealtimeClient({ url: realtimeUrl(), getToken: getAccessToken, refreshToken: refreshSession, createSocket }),
  );

  useEffect(() => {
    const context = { isLookingAt: (conversationId: number) => isTabVisible() && getFocusedConversation() === conversationId };
    const unsubscribeEvents = client.subscribe((event) => applyRealtimeEvent(queryClient, event, context));
    const unsubscribeReconnect = client.onReconnect(() => {
      invalidateAfterReconnect(queryClient).catch((error: unknown) => console.warn('realtime: refetch after reconnect failed', error));
    });
    client.start();
    return () => {
      unsubscribeEvents();
      unsubscribeReconnect();
      client.stop();
    };
  }, [client, queryClient]);

  useConversationFocusSync(client);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** Calls `listener` for every live event while mounted (inside RealtimeProvider; a no-op outside). */
export function useRealtimeEvent(listener: RealtimeEventListener): void {
  const client = useContext(RealtimeContext);
  const latest = useRef(listener);
  useLayoutEffect(() => {
    latest.current = listener;
  });
  useEffect(() => client?.subscribe((event) => latest.current(event)), [client, latest]);
}
