import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAdminStats } from '@/features/admin/dashboard/api/get-stats';
import { getAuditLogPage } from '@/features/admin/audit-log/api/get-audit-log';
import { getEvents } from '@/features/events/api/get-events';
import { getJobs } from '@/features/jobs/api/get-jobs';
import { notificationSettingsQueryOptions } from '@/features/settings/api/get-notification-settings';
import { getMyJobs } from '@/features/jobs/api/get-my-jobs';
import { buildUser, storeSession } from '@/testing/factories';
import { postKeys } from '@/features/posts/api/keys';
import { prefetchFirstPage } from './prefetch-first-page';

const page = { results: [], next: null };

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('prefetchFirstPage', () => {
  it('starts the feed request for a signed-in visit to /user, and fills the cache the feed page reads', async () => {
    window.localStorage.setItem('access_token', 'token');
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    prefetchFirstPage(queryClient, '/user/');
    await vi.waitFor(() => expect(queryClient.getQueryData(postKeys.feed())).toEqual({ pages: [page], pageParams: [null] }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0] ?? '')).toContain('/social/posts/');
  });

  it("preloads the first post's image as soon as the feed answers", async () => {
    window.localStorage.setItem('access_token', 'token');
    const feed = { results: [{ image: '/media/posts/first.webp' }, { image: '/media/posts/second.webp' }], next: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(feed), { status: 200 })),
    );
    prefetchFirstPage(new QueryClient(), '/user');
    await vi.waitFor(() => expect(document.head.querySelector('link[rel=preload][as=image]')).not.toBeNull());
    const links = document.head.querySelectorAll('link[rel=preload][as=image]');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/media/posts/first.webp');
    links[0]?.remove();
  });

  it("sends the admin dashboard's figures request at once; the dashboard's call takes its answer instead of asking again", async () => {
    window.localStorage.setItem('access_token', 'token');
    const stats = { nope: true };
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(stats), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    prefetchFirstPage(new QueryClient(), '/admin');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0] ?? '')).toContain('/api/admin/stats/');
    await expect(getAdminStats()).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends a page's first requests at once, by role; the page's calls take their answers instead of asking again", async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(page), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    storeSession(buildUser({ role: 'AL' }));
    prefetchFirstPage(new QueryClient(), '/user/jobs');
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname + new URL(String(url)).search)).toEqual([
      '/api/jobs/?type=All',
      '/api/jobs/mine/',
    ]);
    await expect(getJobs({ type: 'All', q: '', cursor: null })).resolves.toEqual(page);
    await expect(getMyJobs({ cursor: null })).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // A trainee posts no job: only the board's request leaves.
    fetchMock.mockClear();
    storeSession(buildUser({ role: 'TR' }));
    prefetchFirstPage(new QueryClient(), '/user/jobs');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await getJobs({ type: 'All', q: '', cursor: null });
  });

  it('sends the first request of the events, notification settings and audit log pages as their queries send it', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(page), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    storeSession(buildUser({ role: 'AD' }));
    prefetchFirstPage(new QueryClient(), '/user/events');
    prefetchFirstPage(new QueryClient(), '/user/settings/notifications');
    prefetchFirstPage(new QueryClient(), '/admin/audit-log');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await getEvents({ q: '', cursor: null });
    await getAuditLogPage({ action: '', cursor: null });
    await expect(new QueryClient().fetchQuery(notificationSettingsQueryOptions())).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does nothing without a session or on other pages', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    prefetchFirstPage(new QueryClient(), '/user');
    window.localStorage.setItem('access_token', 'token');
    prefetchFirstPage(new QueryClient(), '/user/messages');
    prefetchFirstPage(new QueryClient(), '/admin/system');
    prefetchFirstPage(new QueryClient(), '/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
