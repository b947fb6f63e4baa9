import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '@alumlink/contract';
import { buildPost, buildUser, summaryOf } from '@/testing/factories';
import { server } from '@/testing/server';
import { renderFeedAs } from './feed-test-helpers';

const me = buildUser({ id: 7, first_name: 'Alex', last_name: 'Morgan' });

function renderFeed(...posts: ReturnType<typeof buildPost>[]) {
  return renderFeedAs(me, { posts, stubs: ['/user/profile/:userId'] });
}

describe('Report a post', () => {
  it('offers Report on other people’s posts only', async () => {
    renderFeed(buildPost({ user: summaryOf(me), caption: 'Mine' }), buildPost({ caption: 'Theirs' }));
    const mine = await screen.findByRole('article', { name: 'Post by Alex Morgan' });
    expect(within(mine).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report post by Grace Hopper' })).toBeInTheDocument();
  });

  it('asks for a reason first, then sends the reason and note and closes with the thanks', async () => {
    const post = buildPost({ caption: 'Theirs' });
    let sent: unknown = null;
    server.use(
      http.post(`/social/posts/${post.id}/report/`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { detail: 'Thank you. The moderators will review this post.', post_id: post.id, reason: 'Harassment or hate' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderFeed(post);
    await user.click(await screen.findByRole('button', { name: /^Report post by/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([...REPORT_REASONS]);
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await user.type(within(dialog).getByLabelText(/Note/), 'Mocks a classmate');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ reason: 'Harassment or hate', note: 'Mocks a classmate' });
    expect(await screen.findByText('Thank you. The moderators will review this post.')).toBeInTheDocument();
  });

  it('shows the server’s sentence when the post was already reported', async () => {
    const post = buildPost({ caption: 'Theirs' });
    server.use(
      http.post(`/social/posts/${post.id}/report/`, () =>
        HttpResponse.json({ detail: 'You have already reported this post.', code: 'already_reported' }, { status: 409 }),
      ),
    );
    const { user } = renderFeed(post);
    await user.click(await screen.findByRole('button', { name: /^Report post by/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this post.');
  });
});
