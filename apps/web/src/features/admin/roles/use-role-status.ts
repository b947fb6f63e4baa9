import { useCallback, useEffect, useState } from 'react';
import { ROLE_STATUS_TIMEOUT_MS } from './messages';

export interface RoleStatus {
  tone: 'success' | 'error';
  text: string;
  /** A new id per message, so the same text twice restarts the timer. */
  id: number;
}

/** The green/red message under the title, hidden 3000 ms after it was shown. */
export function useRoleStatus() {
  const [status, setStatus] = useState<RoleStatus | null>(null);

  useEffect(() => {
    if (!status) return undefined;
    const timer = window.setTimeout(() => setStatus(null), ROLE_STATUS_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const show = useCallback(
    (tone: RoleStatus['tone'], text: string) => setStatus((previous) => ({ tone, text, id: (previous?.id ?? 0) + 1 })),
    [],
  );
  return { status, show };
}
