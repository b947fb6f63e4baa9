import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DELETION_REASONS } from '@alumlink/contract';
import { buildComment, buildPost, buildSummary, buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { MANAGE_POSTS_MESSAGES } from './components/delete-post-reason-dialog';
import { ManagePostsPage } from './manage-posts-page';

const admin = buildUser({ id: 1, role: 'AD', is_staff: true, first_name: 'Ada', last_name: 'Admin' });

function renderManagePosts() {
  storeSession(admin);
  return renderPage(<ManagePostsPage />, { path: '/admin/managepost' });
}

describe('ManagePostsPage', () => {
  it('shows the loading text, then the posts with author, role label and counts', async () => {
    const post = buildPost({
      caption: 'Hello network',
      likes_count: 3,
      comments_count: 2,
      user: buildSummary({ first_name: 'Maya', last_name: 'Iyer', role: 'IN' }),
    });
    server.use(http.get('/social/admin/posts/', () => HttpResponse.json(page([post]))));
    renderManagePosts();
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts...');
    const card = await screen.findByRole('article', { name: 'Post by Maya Iyer' });
    expect(within(card).getByText('Hello network')).toBeInTheDocument();
    expect(within(card).getByText('Intern')).toBeInTheDocument();
    expect(within(card).getByTestId('likes-count')).toHaveTextContent('3');
    expect(within(card).getByTestId('comments-count')).toHaveTextContent('2');
  });

  it('shows the error text when the list fails', async () => {
    server.use(http.get('/social/admin/posts/', () => HttpResponse.json({ detail: 'down', code: 'x' }, { status: 503 })));
    renderManagePosts();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load posts. Please try again later.');
  });

  it('shows the empty texts when there are no posts', async () => {
    server.use(http.get('/social/admin/posts/', () => HttpResponse.json(page([]))));
    renderManagePosts();
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(screen.getByText('There are no posts to display at the moment.')).toBeInTheDocument();
  });

  it('keeps Delete disabled until a reason is chosen, then deletes and names the notified author', async () => {
    const post = buildPost({ caption: 'Buy cheap watches', user: buildSummary({ first_name: 'Sam', last_name: 'Lee' }) });
    const other = buildPost({ caption: 'A normal post' });
    let sentReason: unknown = null;
    server.use(
      http.get('/social/admin/posts/', () => HttpResponse.json(page([post, other]))),
      http.delete(`/social/admin/posts/${post.id}/delete_post/`, async ({ request }) => {
        sentReason = ((await request.json()) as { reason: string }).reason;
        return HttpResponse.json({
          detail: 'Post deleted successfully.',
          notified_user: { id: post.user.id, username: 'sam', first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com' },
        });
      }),
    );
    const { user } = renderManagePosts();
    const card = await screen.findByRole('article', { name: 'Post by Sam Lee' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete post' });
    const select = within(dialog).getByLabelText('Reason');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['-- Select Reason --', ...DELETION_REASONS]);
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();

    await user.selectOptions(select, 'Selling or promoting restricted items');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('Post deleted successfully. Notification sent to Sam Lee.')).toBeInTheDocument();
    expect(sentReason).toBe('Selling or promoting restricted items');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Buy cheap watches')).not.toBeInTheDocument();
    expect(screen.getByText('A normal post')).toBeInTheDocument();
  });

  it('shows the failure text and keeps the post when the deletion fails', async () => {
    const post = buildPost({ caption: 'Still listed' });
    server.use(
      http.get('/social/admin/posts/', () => HttpResponse.json(page([post]))),
      http.delete(`/social/admin/posts/${post.id}/delete_post/`, () => HttpResponse.json({ detail: 'boom', code: 'x' }, { status: 500 })),
    );
    const { user } = renderManagePosts();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete post' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Scam or fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(MANAGE_POSTS_MESSAGES.deleteFailed)).toBeInTheDocument();
    expect(screen.getByText('Still listed')).toBeInTheDocument();
  });

  it('Cancel closes the delete modal without a request', async () => {
    server.use(http.get('/social/admin/posts/', () => HttpResponse.json(page([buildPost()]))));
    const { user } = renderManagePosts();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete post' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the two-pane comments modal and posts a comment shown as You', async () => {
    const post = buildPost({ caption: 'Discuss this', comments_count: 1 });
    const existing = buildComment(post.id, { text: 'First!', user: buildSummary({ first_name: 'Zoe', last_name: 'Khan' }) });
    let postedText: unknown = null;
    server.use(
      http.get('/social/admin/posts/', () => HttpResponse.json(page([post]))),
      http.get(`/social/posts/${post.id}/comments/`, () => HttpResponse.json(page([existing]))),
      http.post(`/social/posts/${post.id}/comment/`, async ({ request }) => {
        postedText = ((await request.json()) as { text: string }).text;
        return HttpResponse.json(
          buildComment(post.id, { text: 'Moderator here', user: buildSummary({ id: admin.id, first_name: 'Ada', last_name: 'Admin' }) }),
          { status: 201 },
        );
      }),
    );
    const { user } = renderManagePosts();
    const card = await screen.findByRole('article', { name: /Post by/ });
    await user.click(within(card).getByRole('button', { name: /Comments/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments' });
    expect(within(dialog).getByRole('article', { name: 'Post' })).toHaveTextContent('Discuss this');
    expect(await within(dialog).findByText('First!')).toBeInTheDocument();
    expect(within(dialog).getByText('Zoe Khan')).toBeInTheDocument();

    await user.type(within(dialog).getByPlaceholderText('Write a comment...'), '  Moderator here ');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('Moderator here')).toBeInTheDocument();
    expect(postedText).toBe('Moderator here');
    expect(within(dialog).getByText('You')).toBeInTheDocument();
    // The list redraws its cards in a deferred pass (PagedList): the count follows.
    await waitFor(() => expect(within(card).getByTestId('comments-count')).toHaveTextContent('2'));
  });

  it('likes a post and shows the count from the server', async () => {
    const post = buildPost({ likes_count: 4 });
    server.use(
      http.get('/social/admin/posts/', () => HttpResponse.json(page([post]))),
      http.post(`/social/posts/${post.id}/like/`, () => HttpResponse.json({ liked: true, likes_count: 5 })),
    );
    const { user } = renderManagePosts();
    const like = await screen.findByRole('button', { name: /Like/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(screen.getByTestId('likes-count')).toHaveTextContent('5'));
  });
});
