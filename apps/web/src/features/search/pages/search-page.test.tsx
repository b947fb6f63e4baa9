import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { SearchPage } from './search-page';

const hit = (type: string, id: number, title: string, snippet: string) => ({ type, id, title, snippet, url: `/user/x/${id}` });

function renderPage(path: string) {
  const asked: string[] = [];
  server.use(
    http.get('/api/search/', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const q = url.searchParams.get('q');
      if (q === 'broken') return HttpResponse.json({ detail: 'down', code: 'x' }, { status: 503 });
      if (q === 'nothing') return HttpResponse.json({ results: [], next: null });
      if (url.searchParams.get('type') === 'posts') {
        return url.searchParams.get('cursor')
          ? HttpResponse.json({ results: [hit('posts', 2, 'Bea', 'second \uE000reunion\uE001')], next: null })
          : HttpResponse.json({ results: [hit('posts', 1, 'Al', 'first \uE000reunion\uE001')], next: 'c1' });
      }
      return HttpResponse.json({
        results: [
          hit('people', 9, 'Reunion Person', '\uE000Reunion\uE001 Person'),
          hit('events', 3, 'Reunion 2026', '\uE000Reunion\uE001 2026'),
        ],
        next: null,
      });
    }),
  );
  return { ...renderRoutes([{ path: '/user/search', element: <SearchPage /> }], { path }), asked };
}

describe('SearchPage', () => {
  it('groups a few of each kind on All, and a tab shows one kind page after page', async () => {
    const { user, router } = renderPage('/user/search?q=reunion');
    expect(await screen.findByRole('heading', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Events' })).getByText('Reunion', { selector: 'mark' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(router.state.location.search).toBe('?q=reunion&type=posts');
    expect(await screen.findByText('Al')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Bea')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when nothing of a kind matches', async () => {
    renderPage('/user/search?q=nothing&type=jobs');
    expect(await screen.findByText('No jobs match “nothing”')).toBeInTheDocument();
  });

  it('offers a retry when search fails', async () => {
    renderPage('/user/search?q=broken');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is unavailable right now.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('asks nothing without a text', async () => {
    const { asked } = renderPage('/user/search');
    expect(await screen.findByText('Search for anything')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
