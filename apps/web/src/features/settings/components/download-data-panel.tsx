import { Download } from 'lucide-react';
import type { DataExport } from '@alumlink/contract';
import { Badge, Button, ErrorState, FormMessage, Spinner, buttonClasses } from '@/components/ui';
import { API_BASE, isApiError } from '@/lib/api-client';
import { formatEventDate } from '@/lib/format';
import { useLatestDataExport } from '../api/get-data-export';
import { useStartDataExport } from '../api/start-data-export';

export const DOWNLOAD_DATA_TEXTS = {
  heading: 'Download my data',
  intro:
    'Get a zip of your profile, posts, comments, likes, messages, referrals, events, settings and photos. We email you a link when it is ready; it works for 7 days.',
  start: 'Download my data',
  retry: 'Try again',
  pending: 'We are preparing your data. We will email you a download link when it is ready.',
  ready: 'Your data is ready.',
  failed: 'We could not prepare your data. Please try again.',
  loadFailed: 'Failed to load your data export. Please try again.',
  startFailed: 'Failed to start your data export. Please try again.',
  download: 'Download zip',
  oncePerDay: 'You can ask for a new copy once a day.',
} as const;

const STATUS_BADGE = {
  pending: { tone: 'brand', label: 'Preparing' },
  ready: { tone: 'success', label: 'Ready' },
  failed: { tone: 'danger', label: 'Failed' },
} as const;

/** "1.4 MB", "320 KB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function ExportStatus({ latest }: { latest: DataExport }) {
  const badge = STATUS_BADGE[latest.status];
  return (
    <div className="space-y-2 rounded-xl border border-border bg-surface-muted/40 p-3 text-sm" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <span className="text-fg-muted">Asked for {formatEventDate(latest.requested_at)}</span>
      </div>
      {latest.status === 'pending' ? (
        <p className="flex items-center gap-2 text-fg">
          <Spinner size="sm" label="Preparing your data" />
          {DOWNLOAD_DATA_TEXTS.pending}
        </p>
      ) : null}
      {latest.status === 'failed' ? <p className="text-danger-fg">{DOWNLOAD_DATA_TEXTS.failed}</p> : null}
      {latest.status === 'ready' && latest.download_url ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="text-fg">{DOWNLOAD_DATA_TEXTS.ready}</span>
          <a href={`${API_BASE}${latest.download_url}`} download className={buttonClasses('secondary', 'sm')}>
            <Download aria-hidden="true" className="size-4" />
            {DOWNLOAD_DATA_TEXTS.download}
            {latest.size_bytes ? ` (${formatSize(latest.size_bytes)})` : ''}
          </a>
          {latest.expires_at ? <span className="text-fg-muted">Link valid until {formatEventDate(latest.expires_at)}</span> : null}
        </div>
      ) : null}
      {latest.status === 'ready' && !latest.download_url ? <p className="text-fg-muted">This download link has expired.</p> : null}
    </div>
  );
}

/** "Download my data": asks for an export, shows its state (polled while pending) and the link once ready. */
export function DownloadDataPanel() {
  const latest = useLatestDataExport();
  const start = useStartDataExport();

  const handleStart = () => {
    start.mutate();
  };

  let status;
  if (latest.isPending) {
    status = (
      <div className="flex py-2 text-primary">
        <Spinner label="Loading your data export" />
      </div>
    );
  } else if (latest.isError) {
    status = <ErrorState message={DOWNLOAD_DATA_TEXTS.loadFailed} onRetry={() => void latest.refetch()} />;
  } else if (latest.data) {
    status = <ExportStatus latest={latest.data} />;
  } else {
    status = null;
  }

  const startError = start.isError
    ? isApiError(start.error)
      ? (start.error.serverMessage ?? DOWNLOAD_DATA_TEXTS.startFailed)
      : DOWNLOAD_DATA_TEXTS.startFailed
    : null;
  const isPending = latest.data?.status === 'pending';

  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-fg">{DOWNLOAD_DATA_TEXTS.heading}</h3>
      <p className="text-sm text-fg-muted">{DOWNLOAD_DATA_TEXTS.intro}</p>
      {status}
      {startError ? <FormMessage tone="error">{startError}</FormMessage> : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {latest.data && latest.data.status !== 'failed' ? (
          <span className="text-xs text-fg-muted">{DOWNLOAD_DATA_TEXTS.oncePerDay}</span>
        ) : null}
        <Button variant="secondary" onClick={handleStart} loading={start.isPending} disabled={isPending || latest.isPending}>
          {latest.data?.status === 'failed' ? DOWNLOAD_DATA_TEXTS.retry : DOWNLOAD_DATA_TEXTS.start}
        </Button>
      </div>
    </div>
  );
}
