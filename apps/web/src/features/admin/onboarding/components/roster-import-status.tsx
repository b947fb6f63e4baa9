import toast from 'react-hot-toast';
import type { RosterImport } from '@alumlink/contract';
import { Badge, Button } from '@/components/ui';
import { downloadRejectedCsv } from '../api/roster';
import { RosterCounts } from './roster-counts';

const TONES = { running: 'brand', done: 'success', failed: 'danger' } as const;

/** A running or finished import: progress, counts, errors by line and the rejected rows' CSV. */
export function RosterImportStatus({ result }: { result: RosterImport }) {
  const percent = result.total > 0 ? Math.round((result.processed / result.total) * 100) : 0;
  const download = () => {
    downloadRejectedCsv(result.id).catch(() => toast.error('Could not download the rejected rows. Please try again.'));
  };
  return (
    <section className="space-y-4" aria-labelledby={`roster-import-${result.id}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`roster-import-${result.id}`} className="font-semibold text-fg">
          Import of {result.file_name || 'a roster'}
        </h3>
        <Badge tone={TONES[result.status]}>{result.status === 'done' ? 'finished' : result.status}</Badge>
      </div>
      <div>
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={result.total}
          aria-valuenow={result.processed}
          className="h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-1 text-sm text-fg-muted" aria-live="polite">
          {result.processed} of {result.total} rows {result.status === 'running' ? 'so far' : 'handled'}
        </p>
      </div>
      {result.failure ? <p className="text-sm text-danger-fg">{result.failure}</p> : null}
      <RosterCounts counts={result.counts} label="Import result" />
      {result.counts.error > 0 ? (
        <div className="space-y-2">
          <h4 className="text-sm font-medium text-fg">Rejected rows</h4>
          <ul className="max-h-60 space-y-1 overflow-auto text-sm" aria-label="Rejected rows">
            {result.errors.map((error) => (
              <li key={error.line}>
                <span className="tabular-nums text-fg-muted">Line {error.line}:</span>{' '}
                <span className="text-danger-fg">{error.message}</span>
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" onClick={download}>
            Download rejected rows (CSV)
          </Button>
        </div>
      ) : null}
    </section>
  );
}
