import { useDeferredValue, type Key, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';
import { ErrorState } from './states';
import { LoadMore } from './load-more';

/** What PagedList reads of an infinite query whose pages carry `results` (TanStack's useInfiniteQuery). */
export interface PagedQuery<T> {
  data?: { pages: readonly { results: readonly T[] }[] } | null | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** Every item of the pages loaded so far, in order. */
export function pagedItems<T>(query: Pick<PagedQuery<T>, 'data'>): T[] {
  return query.data?.pages.flatMap((page) => page.results) ?? [];
}

/** A loading sentence, announced to screen readers. */
export function LoadingState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={cn('py-10 text-center text-fg-muted', className)}>
      {children}
    </p>
  );
}

/** Grey blocks standing in for a list; the group is one status named `label`. */
export function SkeletonList({
  label,
  count = 1,
  className,
  itemClassName,
}: {
  label: string;
  count?: number;
  className?: string;
  itemClassName: string;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={itemClassName} />
      ))}
    </div>
  );
}

interface PagedListBase<T> {
  query: PagedQuery<T>;
  /** Shown while the first page loads: a sentence (as LoadingState) or a placeholder with role=status. */
  loading: ReactNode;
  /** The message when the first page failed; the state offers a retry. */
  error: ReactNode;
  retryLabel?: string;
  /** Shown when the list has no item at all. */
  empty: ReactNode;
  loadMoreLabel?: string;
  /** Ask for the next page as the end of the list nears the viewport. */
  infinite?: boolean;
  loadMoreClassName?: string;
}

interface PagedListItems<T> extends PagedListBase<T> {
  /** The list's accessible name. */
  label?: string;
  className?: string;
  itemKey: (item: T) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  itemClassName?: string;
  render?: never;
}

interface PagedListRender<T> extends PagedListBase<T> {
  /** Draws the loaded items itself (a table, cards in a grid of columns). */
  render: (items: T[]) => ReactNode;
  label?: never;
  itemKey?: never;
  renderItem?: never;
}

export type PagedListProps<T> = PagedListItems<T> | PagedListRender<T>;

/**
 * A paged list with its three states (loading, empty, error with a retry) and "Load more" or
 * infinite scroll: the one way the app shows a list that comes page by page.
 */
export function PagedList<T>(props: PagedListProps<T>) {
  const { query, loading, error, retryLabel, empty, loadMoreLabel, infinite, loadMoreClassName } = props;
  // The items render in a background pass React can interrupt, not in the update that brought them:
  // an answer arriving after the page has mounted updates the query's store, which React renders in
  // one blocking task (a page of cards: hundreds of ms on a slow phone). Until that pass is done the
  // list shows what it showed before (the placeholder of a first load). useLoadedOnce waits for the
  // same pass, so a section below the list does not appear before the list has grown.
  const data = useDeferredValue(query.data);
  const items = pagedItems({ data });

  if (query.isPending || (data == null && query.data != null))
    return typeof loading === 'string' ? <LoadingState>{loading}</LoadingState> : loading;
  // A failed later page keeps the items shown; the Load more button retries it.
  if (query.isError && items.length === 0)
    return <ErrorState message={error} onRetry={() => void query.refetch()} retryLabel={retryLabel} />;
  if (items.length === 0) return empty;
  return (
    <>
      {props.render ? (
        props.render(items)
      ) : (
        <ul aria-label={props.label} className={props.className}>
          {items.map((item, index) => (
            <li key={props.itemKey(item)} className={props.itemClassName}>
              {props.renderItem(item, index)}
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label={loadMoreLabel}
        infinite={infinite}
        className={loadMoreClassName}
      />
    </>
  );
}
