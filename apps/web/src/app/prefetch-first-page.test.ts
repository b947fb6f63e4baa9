import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    prefetchFirstPage(queryClient, '/user/');
    await vi.waitFor(() => expect(queryClient.getQueryData(postKeys.feed())).toEqual({ pages: [page], pageParams: [null] }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0] ?? '')).toContain('/social/posts/');
  });

  it('does nothing without a session or on other pages', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    prefetchFirstPage(new QueryClient(), '/user');
    window.localStorage.setItem('access_token', 'token');
    prefetchFirstPage(new QueryClient(), '/user/messages');
    prefetchFirstPage(new QueryClient(), '/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
