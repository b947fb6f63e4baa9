import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@alumlink/contract';
import { CreatePostProvider } from '@/features/posts';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { matchMediaQueries } from '@/testing/match-media';
import { server } from '@/testing/server';
import { UserHomePage } from './user-home';

/** Serves the feed and the settings; records every other request (the 'What's New' column's). */
function serveHome(): string[] {
  const others: string[] = [];
  server.use(
    http.get('/social/posts/', () => HttpResponse.json({ results: [], next: null })),
    http.get('/social/settings/', () => HttpResponse.json(DEFAULT_SETTINGS)),
    http.get('*', ({ request }) => {
      others.push(new URL(request.url).pathname);
      return HttpResponse.json({ results: [], next: null });
    }),
  );
  return others;
}

function renderHome() {
  storeSession(buildUser());
  return renderPage(
    <CreatePostProvider>
      <UserHomePage />
    </CreatePostProvider>,
    { path: '/user' },
  );
}

/** matchMedia answering `matches` for the lg breakpoint query. */
function screenIsWide(matches: boolean) {
  if (matches) matchMediaQueries('(min-width: 64rem)');
}

afterEach(() => vi.restoreAllMocks());

describe('UserHomePage', () => {
  it("shows the 'What's New' column beside the feed on wide screens", async () => {
    screenIsWide(true);
    serveHome();
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Home feed' })).toBeInTheDocument();
    expect(await screen.findByRole('complementary', { name: "What's New" })).toBeInTheDocument();
  });

  it('neither renders the column nor asks for its data on phones, where it has no room', async () => {
    screenIsWide(false);
    const others = serveHome();
    renderHome();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('complementary', { name: "What's New" })).not.toBeInTheDocument();
    expect(others).toEqual([]);
  });
});
