/** Public face of realtime: the provider of the user area and a hook for live events. */
export { RealtimeProvider, useRealtimeEvent, type RealtimeProviderProps } from './realtime-provider';
export { RealtimeClient, type CreateSocket, type RealtimeEvent, type SocketLike } from './realtime-client';
