import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildPost, buildSummary, buildUser, page, summaryOf } from '@/testing/factories';
import { server } from '@/testing/server';
import { renderFeedAs } from './feed-test-helpers';

const me = buildUser({ id: 7, first_name: 'Alex', last_name: 'Morgan' });

function renderFeed() {
  return renderFeedAs(me, { stubs: ['/user/profile/:userId'] });
}

function serveFeed(...posts: ReturnType<typeof buildPost>[]) {
  server.use(http.get('/social/posts/', () => HttpResponse.json(page(posts))));
}

describe('PostCard', () => {
  it('names the author by first and last name, else e-mail, else Anonymous', async () => {
    serveFeed(
      buildPost({ user: buildSummary({ first_name: 'Grace', last_name: 'Hopper' }) }),
      buildPost({ user: buildSummary({ first_name: '', last_name: '', email: 'solo@example.com' }) }),
      buildPost({ user: buildSummary({ first_name: ' ', last_name: '', email: '' }) }),
    );
    renderFeed();
    expect(await screen.findByRole('article', { name: 'Post by Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Post by solo@example.com' })).toBeInTheDocument();
    const anonymous = screen.getByRole('article', { name: 'Post by Anonymous' });
    // No picture: the initials of the display name on the person's colour.
    expect(anonymous.querySelector('header img')).toBeNull();
    expect(anonymous.querySelector('header [data-avatar-initials]')).toHaveTextContent(/^A$/);
    expect(screen.getByRole('article', { name: 'Post by Grace Hopper' }).querySelector('[data-avatar-initials]')).toHaveTextContent(/^GH$/);
  });

  it('shows the caption as plain text and the image in a fixed 4:3 box (nothing moves when it loads)', async () => {
    const post = buildPost({ caption: '<b>not bold</b>', image: '/media/posts/x.webp' });
    serveFeed(post);
    renderFeed();
    const card = await screen.findByRole('article');
    expect(within(card).getByText('<b>not bold</b>')).toBeInTheDocument();
    const image = within(card).getByRole('img', { name: /image shared by/i });
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(image.className).toContain('object-contain');
    const box = image.parentElement;
    expect(box?.className).toContain('aspect-[4/3]');
    expect(box?.className).toContain('max-h-[400px]');
  });

  it('changes the like count only once the server has answered', async () => {
    const post = buildPost({ likes_count: 2 });
    serveFeed(post);
    let answer: (value: Response) => void = () => undefined;
    server.use(http.post(`/social/posts/${post.id}/like/`, () => new Promise<Response>((resolve) => (answer = resolve))));
    const { user } = renderFeed();
    const like = await screen.findByRole('button', { name: /like/i });
    expect(like).toHaveTextContent('2');
    expect(like).toHaveAttribute('aria-pressed', 'false');

    await user.click(like);
    expect(like).toHaveTextContent('2');
    answer(HttpResponse.json({ liked: true, likes_count: 3 }));
    await waitFor(() => expect(like).toHaveTextContent('3'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the count and only warns when liking fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const post = buildPost({ likes_count: 4 });
    serveFeed(post);
    server.use(http.post(`/social/posts/${post.id}/like/`, () => HttpResponse.json({ detail: 'boom', code: 'x' }, { status: 500 })));
    const { user } = renderFeed();
    const like = await screen.findByRole('button', { name: /like/i });
    await user.click(like);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(like).toHaveTextContent('4');
    expect(like).toBeEnabled();
  });

  it("leaves the header row to the author's name on a phone: the controls of one's own post show their icons, their words only from sm up", async () => {
    serveFeed(buildPost({ user: summaryOf(me), caption: 'My own post' }), buildPost({ caption: 'Somebody else' }));
    renderFeed();
    const myCard = await screen.findByRole('article', { name: 'Post by Alex Morgan' });
    for (const label of ['Edit', 'Delete']) {
      const button = within(myCard).getByRole('button', { name: label });
      expect(within(button).getByText(label)).toHaveClass('sr-only', 'sm:not-sr-only');
    }
    const theirCard = screen.getByRole('article', { name: 'Post by Grace Hopper' });
    const report = within(theirCard).getByRole('button', { name: 'Report post by Grace Hopper' });
    expect(within(report).getByText('Report')).toHaveClass('sr-only', 'sm:not-sr-only');
  });

  it('offers Delete on my own posts only, and removes the post after confirming', async () => {
    const mine = buildPost({ user: summaryOf(me), caption: 'My own post' });
    const theirs = buildPost({ caption: 'Somebody else' });
    serveFeed(mine, theirs);
    const deleted: number[] = [];
    server.use(
      http.delete('/social/posts/:id/', ({ params }) => {
        deleted.push(Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderFeed();
    const myCard = await screen.findByRole('article', { name: 'Post by Alex Morgan' });
    const theirCard = screen.getByRole('article', { name: 'Post by Grace Hopper' });
    expect(within(theirCard).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.click(within(myCard).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('My own post')).not.toBeInTheDocument());
    expect(deleted).toEqual([mine.id]);
    expect(screen.getByText('Somebody else')).toBeInTheDocument();
  });
});
