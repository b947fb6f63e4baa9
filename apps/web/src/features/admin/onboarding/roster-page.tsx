import { useState, type FormEvent } from 'react';
import { ROSTER_LIMITS } from '@alumlink/contract';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, FormMessage } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { formatCount, formatMediumDateTime } from '@/lib/format';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useRosterImport, useRosterImports, useRosterPreview, useStartRosterImport } from './api/roster';
import { RosterCounts } from './components/roster-counts';
import { RosterImportStatus } from './components/roster-import-status';
import { RosterPreviewTable } from './components/roster-preview-table';

export const ROSTER_PAGE_MESSAGES = {
  previewFailed: 'Could not read the file. Please try again.',
  importFailed: 'Could not start the import. Please try again.',
  loadFailed: 'Failed to load the import. Please try again.',
  emptyTitle: 'No imports yet',
  emptyDescription: 'Upload a roster above: you will see what each row does before anything is written.',
} as const;

const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.detail) || fallback;

/** /admin/roster: upload a CSV, preview what each row does, import it and watch it finish. */
export function RosterPage() {
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const preview = useRosterPreview();
  const start = useStartRosterImport();
  const current = useRosterImport(importId);
  const recent = useRosterImports();

  const handlePreview = (event: FormEvent) => {
    event.preventDefault();
    if (file) preview.mutate(file);
  };
  const handleImport = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: ({ id }) => {
        setImportId(id);
        preview.reset();
      },
    });
  };
  const importable = preview.data ? preview.data.counts.invite + preview.data.counts.update : 0;

  return (
    <div className="space-y-5">
      <AdminPageTitle
        title="Roster"
        description="Import people from a CSV file: new e-mails get an invitation, known people their role raised (never lowered) and their cohort set."
      />
      <Card>
        <CardHeader>
          <CardTitle>Upload a roster</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="space-y-3" onSubmit={handlePreview}>
            <label htmlFor="roster-file" className="block text-sm font-medium text-fg">
              Roster file (CSV)
            </label>
            <input
              id="roster-file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby="roster-file-hint"
              className="block w-full text-sm text-fg file:mr-3 file:rounded-lg file:border file:border-border-strong file:bg-surface file:px-3 file:py-2 file:text-fg focus-visible:outline-2 focus-visible:outline-primary"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                preview.reset();
              }}
            />
            <p id="roster-file-hint" className="text-sm text-fg-muted">
              A header row with email, first_name, last_name, and optionally role (TR, IN or AL) and cohort (its name). At most{' '}
              {formatCount(ROSTER_LIMITS.maxRows)} rows.
            </p>
            <Button type="submit" disabled={!file} loading={preview.isPending}>
              Preview
            </Button>
            {preview.isError ? (
              <FormMessage tone="error">{errorText(preview.error, ROSTER_PAGE_MESSAGES.previewFailed)}</FormMessage>
            ) : null}
          </form>
        </CardContent>
      </Card>

      {preview.data ? (
        <Card>
          <CardHeader>
            <CardTitle>Preview</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <RosterCounts counts={preview.data.counts} label="Preview counts" />
            <RosterPreviewTable preview={preview.data} />
            <p className="text-sm text-fg-muted">Nothing has been written yet. Rows with errors are skipped and listed in the result.</p>
            <Button onClick={handleImport} loading={start.isPending} disabled={importable === 0}>
              Import {importable} {importable === 1 ? 'row' : 'rows'}
            </Button>
            {start.isError ? <FormMessage tone="error">{errorText(start.error, ROSTER_PAGE_MESSAGES.importFailed)}</FormMessage> : null}
          </CardContent>
        </Card>
      ) : null}

      {importId !== null ? (
        <Card>
          <CardContent className="pt-5">
            {current.isPending ? <p role="status">Starting the import...</p> : null}
            {current.isError ? <ErrorState message={ROSTER_PAGE_MESSAGES.loadFailed} onRetry={() => void current.refetch()} /> : null}
            {current.data ? <RosterImportStatus result={current.data} /> : null}
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Recent imports</CardTitle>
        </CardHeader>
        <CardContent>
          {recent.isPending ? <p role="status">Loading imports...</p> : null}
          {recent.isError ? <ErrorState message={ROSTER_PAGE_MESSAGES.loadFailed} onRetry={() => void recent.refetch()} /> : null}
          {recent.data && recent.data.results.length === 0 ? (
            <EmptyState title={ROSTER_PAGE_MESSAGES.emptyTitle} description={ROSTER_PAGE_MESSAGES.emptyDescription} />
          ) : null}
          <ul className="divide-y divide-border" aria-label="Recent imports">
            {recent.data?.results.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <button
                  type="button"
                  className="font-medium text-primary underline-offset-2 hover:underline"
                  onClick={() => setImportId(item.id)}
                >
                  {item.file_name || `Import ${item.id}`}
                </button>
                <span className="text-fg-muted">
                  {formatMediumDateTime(item.created_at)} · by {item.started_by} · {item.status} · {item.counts.invite} invited,{' '}
                  {item.counts.update} updated, {item.counts.error} rejected
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
