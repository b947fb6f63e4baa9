import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildPost, buildUser, page } from '@/testing/factories';
import { server } from '@/testing/server';
import { refetchFeedOnPostDeleted } from '../api/post-cache';
import { renderFeedAs } from '../components/feed-test-helpers';
import { FEED_MESSAGES } from './feed-page';

function renderFeed() {
  return renderFeedAs(buildUser({ id: 3 }));
}

describe('Feed', () => {
  it('shows a spinner, then invites to create the first post when empty', async () => {
    server.use(http.get('/social/posts/', () => HttpResponse.json(page([]))));
    const { user } = renderFeed();
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    expect(await screen.findByText(FEED_MESSAGES.emptyTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first post' }));
    expect(await screen.findByRole('dialog', { name: 'Create a post' })).toBeInTheDocument();
  });

  it('only warns when the first page fails, then reloads with the button', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const post = buildPost({ caption: 'Back online' });
    server.use(
      http.get('/social/posts/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ detail: 'down', code: 'x' }, { status: 503 }) : HttpResponse.json(page([post]));
      }),
    );
    const { user } = renderFeed();
    expect(await screen.findByText(FEED_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading posts' })).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Back online')).toBeInTheDocument();
  });

  it('loads the next page with the cursor from Load more', async () => {
    const first = buildPost({ caption: 'Page one' });
    const second = buildPost({ caption: 'Page two' });
    server.use(
      http.get('/social/posts/', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(cursor === 'c2' ? page([second]) : page([first], 'c2'));
      }),
    );
    const { user } = renderFeed();
    await screen.findByText('Page one');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Page two')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("fetches the first post's image at once and with high priority (the likely largest paint), the others lazily", async () => {
    const posts = [buildPost(), buildPost(), buildPost()];
    server.use(http.get('/social/posts/', () => HttpResponse.json(page(posts))));
    renderFeed();
    const images = await screen.findAllByRole('img', { name: /^Image shared by/ });
    expect(images).toHaveLength(3);
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    for (const image of images.slice(1)) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority', 'high');
    }
  });

  it('refetchFeedOnPostDeleted drops the post and reloads the feed', async () => {
    const gone = buildPost({ caption: 'Removed by a moderator' });
    const stays = buildPost({ caption: 'Still here' });
    let calls = 0;
    server.use(
      http.get('/social/posts/', () => {
        calls += 1;
        return HttpResponse.json(page(calls === 1 ? [gone, stays] : [stays]));
      }),
    );
    const { queryClient } = renderFeed();
    await screen.findByText('Removed by a moderator');
    await refetchFeedOnPostDeleted(queryClient, gone.id);
    await waitFor(() => expect(screen.queryByText('Removed by a moderator')).not.toBeInTheDocument());
    expect(screen.getByText('Still here')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
