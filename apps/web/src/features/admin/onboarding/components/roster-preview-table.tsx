import type { RosterPreview } from '@alumlink/contract';
import { Badge, TableHead } from '@/components/ui';

const TONES = { invite: 'brand', update: 'success', skip: 'neutral' } as const;
const COLUMNS = ['Line', 'E-mail', 'Action', { label: 'Details', className: 'hidden sm:table-cell' }];

/** The preview's rows: line, e-mail, what it would do and its errors (or note). */
export function RosterPreviewTable({ preview }: { preview: RosterPreview }) {
  return (
    <div className="max-h-[28rem] overflow-auto rounded-(--radius-card) border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">What each row of the file would do</caption>
        <TableHead className="sticky top-0 bg-surface-muted text-fg-muted" cellClassName="px-3 py-2 font-medium" columns={COLUMNS} />
        <tbody>
          {preview.rows.map((row) => {
            const failed = row.errors.length > 0;
            return (
              <tr key={row.line} className="border-t border-border align-top" data-testid={failed ? 'roster-row-error' : undefined}>
                <td className="px-3 py-2 tabular-nums text-fg-muted">{row.line}</td>
                <td className="px-3 py-2 text-fg [overflow-wrap:anywhere]">
                  {row.email || '—'}
                  <p className={`mt-1 sm:hidden ${failed ? 'text-danger-fg' : 'text-fg-muted'}`}>
                    {failed ? row.errors.join(' ') : row.note}
                  </p>
                </td>
                <td className="px-3 py-2">
                  <Badge tone={failed ? 'danger' : TONES[row.action]}>{failed ? 'error' : row.action}</Badge>
                </td>
                <td className={`hidden px-3 py-2 sm:table-cell ${failed ? 'text-danger-fg' : 'text-fg-muted'}`}>
                  {failed ? (
                    <ul className="space-y-0.5">
                      {row.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  ) : (
                    row.note
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
