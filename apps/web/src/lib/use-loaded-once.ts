import { useDeferredValue, useState } from 'react';

/** What useLoadedOnce reads of a TanStack query: waiting for its first answer (a disabled query never is). */
export interface FirstLoad {
  isLoading: boolean;
}

/**
 * False until every query has had its first answer (data or error), then true for good, even when
 * a query later waits again (a new filter). A page shows its sections below the first one only from
 * then on: sections that appear one by one as their data arrives push down what is painted below
 * them (layout shift). The page calls the queries itself, so they all load side by side. The change
 * to true comes in the background pass in which PagedList draws the answers (useDeferredValue in
 * both), so the sections appear in the same paint as the lists above them.
 */
export function useLoadedOnce(queries: readonly FirstLoad[]): boolean {
  const [loaded, setLoaded] = useState(false);
  const waiting = queries.some((query) => query.isLoading);
  if (!loaded && !waiting) setLoaded(true);
  return useDeferredValue(loaded || !waiting);
}
