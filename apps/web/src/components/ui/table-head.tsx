import { cn } from '@/lib/cn';

export interface HeadColumn {
  label: string;
  /** Classes of this column's header only (alignment, when it shows). */
  className?: string;
}

/** A table's header row: one `<th scope="col">` a column, each with the shared `cellClassName`. */
export function TableHead({
  columns,
  className,
  cellClassName,
}: {
  columns: readonly (string | HeadColumn)[];
  className?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const { label, className: own } = typeof column === 'string' ? { label: column, className: undefined } : column;
          return (
            <th key={label} scope="col" className={cn(cellClassName, own)}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
