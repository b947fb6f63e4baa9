import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { sendEarly } from '@/lib/api-client';

/**
 * Starts the first data of the page being opened before React renders, so it downloads
 * alongside the page's code instead of after it. Signed-in visits only; the page's own query
 * then finds the data in the cache (fresh for the client's staleTime).
 *
 * Both requests (the admin dashboard's figures, the feed's first page) leave at once, while the code that parses their answers (zod, the schemas) is
 * still loading: the page's query takes the response (lib/api-client.ts, sendEarly). The feed's
 * first post image, the page's largest element, is preloaded as soon as the answer arrives
 * instead of once the post has rendered.
 */
export function prefetchFirstPage(queryClient: QueryClient, pathname: string): void {
  const page = pathname.replace(/\/+$/, '');
  if (page === paths.admin.root) void sendEarly('/api/admin/stats/');
  if (page !== paths.user.root) return;
  const response = sendEarly('/social/posts/');
  if (!response) return;
  void response.then(preloadFirstPostImage).catch(() => undefined);
  void import('@/features/posts/api/get-feed').then(({ feedQueryOptions }) => queryClient.prefetchInfiniteQuery(feedQueryOptions()));
}

/** Reads a copy of the answer (registered before the feed's query reads the original). */
async function preloadFirstPostImage(response: Response): Promise<void> {
  if (!response.ok) return;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const image = (body as { results?: { image?: unknown }[] } | null)?.results?.[0]?.image;
  if (typeof image !== 'string' || image === '') return;
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.setAttribute('href', image);
  document.head.append(link);
}
