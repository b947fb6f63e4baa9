import { REALTIME_PATH } from '@alumlink/contract';
import { API_BASE } from '@/lib/api-client';

/** ws(s)://<api origin>/ws: the API's origin (same as the page unless VITE_API_BASE says otherwise). */
export function realtimeUrl(): string {
  const url = new URL(`${API_BASE}${REALTIME_PATH}`, window.location.origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
