import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getAccessToken } from '@/lib/storage';

/**
 * Starts the first data of the page being opened before React renders, so it downloads
 * alongside the page's code instead of after it (the feed's first post image is the page's
 * largest element, and it can only start once the feed has answered). Signed-in visits only;
 * the page's own query then finds the data in the cache (fresh for the client's staleTime).
 */
export function prefetchFirstPage(queryClient: QueryClient, pathname: string): void {
  if (!getAccessToken()) return;
  if (pathname.replace(/\/+$/, '') === paths.user.root) {
    void import('@/features/posts/api/get-feed').then(({ feedQueryOptions }) => queryClient.prefetchInfiniteQuery(feedQueryOptions()));
  }
}
