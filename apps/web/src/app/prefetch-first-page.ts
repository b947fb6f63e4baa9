import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { sendEarly } from '@/lib/api-client';
import { getStoredUser } from '@/lib/storage';

type Query = Record<string, string | number>;
type Request = [path: string, query?: Query];

/**
 * The first GETs of other pages, by the signed-in person's role, exactly as the page's queries
 * send them (same path and parameters, so the query takes the answer instead of asking again).
 */
const FIRST_REQUESTS: Record<string, (role: string | undefined) => Request[]> = {
  [paths.user.jobs]: (role) => [
    ['/api/jobs/', { type: 'All' }],
    ...(role === 'AL' || role === 'AD' ? [['/api/jobs/mine/'] as Request] : []),
  ],
  [paths.user.referrals]: (role) => [
    ['/api/referral-user/'],
    ...(role === 'AL'
      ? [['/api/referrals/mine/'] as Request, ['/api/referral-requests/received/', { limit: 100 }] as Request]
      : [['/api/referrals/'] as Request]),
    ['/api/referral-requests/mine/', { limit: 100 }],
  ],
  [paths.user.mentoring]: (role) => [
    ['/api/mentoring/mentors/'],
    ...(role === 'AL' || role === 'AD'
      ? [['/api/mentoring/requests/', { as: 'mentor', status: 'pending' }] as Request, ['/api/mentoring/profile/'] as Request]
      : [['/api/mentoring/requests/', { as: 'mentee' }] as Request]),
  ],
  [paths.user.people]: () => [['/api/directory/'], ['/api/directory/facets/']],
  [paths.user.events]: () => [['/api/events/']],
  [paths.user.notificationSettings]: () => [['/social/settings/notifications/']],
  [paths.admin.jobs]: () => [['/api/admin/jobs/']],
  [paths.admin.outcomes]: () => [['/api/admin/outcomes/']],
  [paths.admin.cohorts]: () => [['/api/admin/cohorts/']],
  [paths.admin.auditLog]: () => [['/api/admin/audit-log/']],
  [paths.admin.invitations]: () => [
    ['/api/admin/cohorts/'],
    ['/api/admin/sign-up-policy/'],
    ['/api/admin/invitations/', { status: 'pending' }],
  ],
  [paths.admin.roster]: () => [['/api/admin/roster/imports/', { limit: 10 }]],
};

/**
 * Starts the first data of the page being opened before React renders, so it downloads
 * alongside the page's code instead of after it. Signed-in visits only; the page's own query
 * then finds the data in the cache (fresh for the client's staleTime), or, on the pages of
 * FIRST_REQUESTS, takes the answer of the request already sent.
 *
 * Both requests (the admin dashboard's figures, the feed's first page) leave at once, while the code that parses their answers (zod, the schemas) is
 * still loading: the page's query takes the response (lib/api-client.ts, sendEarly). The feed's
 * first post image, the page's largest element, is preloaded as soon as the answer arrives
 * instead of once the post has rendered.
 */
export function prefetchFirstPage(queryClient: QueryClient, pathname: string): void {
  const page = pathname.replace(/\/+$/, '');
  if (page === paths.admin.root) void sendEarly('/api/admin/stats/');
  for (const [path, query] of FIRST_REQUESTS[page]?.(getStoredUser()?.role) ?? []) void sendEarly(path, query);
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
