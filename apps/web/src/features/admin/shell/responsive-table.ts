import { cn } from '@/lib/cn';

/**
 * Classes for a table that stays a table from the md breakpoint up and becomes a list of small
 * cards on phones: rows stack, and each cell shows its column name (its `data-label`) before it.
 */
export const responsiveTable = {
  wrapper: 'rounded-(--radius-card) border border-border bg-surface md:overflow-x-auto',
  table: (minWidth: string) => cn('w-full text-left text-sm max-md:block', minWidth),
  head: 'bg-surface-muted text-xs tracking-wide text-fg-muted uppercase max-md:sr-only',
  headCell: 'px-3 py-2.5 align-middle',
  body: 'max-md:block',
  row: 'border-t border-border max-md:block max-md:px-4 max-md:py-3 max-md:first:border-t-0',
  cell: cn(
    'px-3 py-2.5 align-middle',
    'max-md:flex max-md:items-center max-md:gap-3 max-md:px-0 max-md:py-1',
    'max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-medium max-md:before:text-fg-subtle max-md:before:content-[attr(data-label)]',
  ),
} as const;
