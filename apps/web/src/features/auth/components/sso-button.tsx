import { useEffect, useState } from 'react';
import type { SsoStatus } from '@alumlink/contract';
import { buttonClasses } from '@/components/ui';

/**
 * "Sign in with …" when the organisation has single sign-on, above the e-mail form, else nothing.
 * Loaded after the page has painted (login, sign-up and join pages lazy-load it), so the status
 * call and its schema never weigh on the pages' first download. `note` says what signing in this
 * way does (the join page: the invitation is accepted); `divider` names the other way.
 */
export function SsoButton({ note, divider = 'or use your e-mail' }: { note?: string; divider?: string }) {
  const [status, setStatus] = useState<{ status: SsoStatus; startUrl: string } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    import('../api/single-sign-on')
      .then(async ({ getSsoStatus, ssoStartUrl }) => setStatus({ status: await getSsoStatus(abort.signal), startUrl: ssoStartUrl() }))
      // Off or unreachable: the e-mail form is all there is.
      .catch(() => undefined);
    return () => abort.abort();
  }, []);

  if (!status?.status.enabled) return null;
  return (
    <div className="space-y-5">
      <a href={status.startUrl} className={buttonClasses('secondary', 'lg', 'w-full justify-center font-semibold')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0 fill-none stroke-current stroke-2">
          <rect x="4" y="10" width="16" height="10" rx="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" />
        </svg>
        {status.status.label}
      </a>
      {note ? <p className="text-sm text-fg-muted">{note}</p> : null}
      <div className="flex items-center gap-3 text-xs text-fg-subtle">
        <span className="h-px flex-1 bg-border" />
        {divider}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
