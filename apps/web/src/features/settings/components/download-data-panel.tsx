import { Download } from 'lucide-react';
import type { DataExport } from '@alumlink/contract';
import { Badge, Button, ErrorState, FormMessage, Spinner } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { formatEventDate } from '@/lib/format';
import { useDownloadDataExport } from '../api/download-data-export';
import { useLatestDataExport } from '../api/get-data-export';
import { useStartDataExport } from '../api/start-data-export';

export const DOWNLOAD_DATA_TEXTS = {
  heading: 'Download my data',
  intro:
    'A zip of everything you have here: profile, posts, comments, likes, messages, referrals and requests, mentoring, events, communities, jobs, notifications, settings and photos. We email you when it is ready; download it here within 7 days.',
  start: 'Download my data',
  retry: 'Try again',
  pending: 'We are preparing your data. We will email you when it is ready to download here.',
  ready: 'Your data is ready.',
  failed: 'We could not prepare your data. Please try again.',
  loadFailed: 'Failed to load your data export. Please try again.',
  startFailed: 'Failed to start your data export. Please try again.',
  download: 'Download zip',
  downloadFailed: 'Failed to download your data. Please try again.',
  expired: 'This copy has expired. Ask for a new one below.',
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

/** The ready export: a button that fetches a one-time ticket with the session and lets the browser download it. */
function ReadyDownload({ latest }: { latest: DataExport }) {
  const download = useDownloadDataExport();
  const handleDownload = () => {
    download.mutate(latest.id);
  };
  const failure = download.isError
    ? isApiError(download.error)
      ? (download.error.serverMessage ?? DOWNLOAD_DATA_TEXTS.downloadFailed)
      : DOWNLOAD_DATA_TEXTS.downloadFailed
    : null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="text-fg">{DOWNLOAD_DATA_TEXTS.ready}</span>
        <Button variant="secondary" size="sm" loading={download.isPending} onClick={handleDownload}>
          <Download aria-hidden="true" className="size-4" />
          {DOWNLOAD_DATA_TEXTS.download}
          {latest.size_bytes ? ` (${formatSize(latest.size_bytes)})` : ''}
        </Button>
      </div>
      {latest.expires_at ? <p className="text-fg-muted">Available until {formatEventDate(latest.expires_at)}</p> : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
    </div>
  );
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
      {latest.status === 'ready' && latest.download_url ? <ReadyDownload latest={latest} /> : null}
      {latest.status === 'ready' && !latest.download_url ? <p className="text-fg-muted">{DOWNLOAD_DATA_TEXTS.expired}</p> : null}
    </div>
  );
}

/** "Download my data": asks for an export, shows its state (polled while pending) and the download once ready. */
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
