import type { Key, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface StatsRow {
  key: Key;
  /** The row's header (first column). */
  label: ReactNode;
  /** One figure per column after the first. */
  values: readonly ReactNode[];
}

export interface StatsTableProps {
  /** Read by screen readers only: what the table counts. */
  caption: string;
  /** Column headers; the first names the row labels, the others the figures. */
  columns: readonly string[];
  rows: readonly StatsRow[];
  className?: string;
}

/** A small table of counts: a label per row, figures right-aligned in tabular digits. */
export function StatsTable({ caption, columns, rows, className }: StatsTableProps) {
  const [labelColumn, ...figureColumns] = columns;
  return (
    <table className={cn('w-full text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-fg-muted">
          <th scope="col" className="pb-2 font-medium">
            {labelColumn}
          </th>
          {figureColumns.map((column) => (
            <th key={column} scope="col" className="pb-2 text-right font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-border">
            <th scope="row" className="py-1.5 text-left font-normal break-words text-fg">
              {row.label}
            </th>
            {row.values.map((value, index) => (
              <td key={figureColumns[index] ?? index} className="py-1.5 text-right tabular-nums">
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
