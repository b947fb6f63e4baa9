import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildComment, buildPost, buildSummary, buildUser, page, storeSession, summaryOf } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { Feed } from '../pages/feed-page';
import { CreatePostProvider } from './create-post-provider';
import { EDIT_COMMENT_MESSAGES } from './edit-comment-form';

const me = buildUser({ id: 8, first_name: 'Taylor', last_name: 'Reed' });

describe('editing one’s own comment', () => {
  it('edits inline with Save and Cancel, checks the text on both sides, and marks the comment Edited', async () => {
    storeSession(me);
    const post = buildPost({ comments_count: 2 });
    const mine = buildComment(post.id, { id: 31, text: 'Congrats!', user: summaryOf(me) });
    const theirs = buildComment(post.id, {
      id: 32,
      text: 'First!',
      user: buildSummary({ id: 9, first_name: 'Priya', last_name: 'Sharma' }),
    });
    const sent: unknown[] = [];
    server.use(
      http.get('/social/posts/', () => HttpResponse.json(page([post]))),
      http.get(`/social/posts/${post.id}/comments/`, () => HttpResponse.json(page([mine, theirs]))),
      http.patch(`/social/posts/${post.id}/comments/31/`, async ({ request }) => {
        const body = (await request.json()) as { text: string };
        sent.push(body);
        if (body.text.includes('spam')) return HttpResponse.json({ text: ['This comment is not allowed.'] }, { status: 400 });
        return HttpResponse.json({ ...mine, text: body.text, edited_at: '2030-06-14T19:00:00Z' });
      }),
    );
    const { user } = renderPage(
      <CreatePostProvider>
        <Feed />
      </CreatePostProvider>,
      { path: '/user' },
    );
    await user.click(await screen.findByRole('button', { name: /comments/i }, { timeout: 10_000 }));
    const list = await screen.findByRole('list', { name: 'Comments' }, { timeout: 10_000 });
    // Only one's own comment has Edit.
    expect(within(list).getAllByRole('button', { name: 'Edit your comment' })).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Edit your comment' }));
    const box = within(list).getByLabelText('Comment');
    expect(box).toHaveValue('Congrats!');
    await user.clear(box);
    await user.type(box, 'Changed my mind');
    await user.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getByText('Congrats!')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Edit your comment' }));
    await user.clear(within(list).getByLabelText('Comment'));
    await user.click(within(list).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText(EDIT_COMMENT_MESSAGES.required)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(list).getByLabelText('Comment'), 'buy spam');
    await user.click(within(list).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('This comment is not allowed.')).toBeInTheDocument();

    await user.clear(within(list).getByLabelText('Comment'));
    await user.type(within(list).getByLabelText('Comment'), 'Congratulations, Priya!');
    await user.click(within(list).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Congratulations, Priya!')).toBeInTheDocument();
    expect(within(list).queryByLabelText('Comment')).not.toBeInTheDocument();
    expect(within(list).getByText('Edited')).toBeInTheDocument();
    expect(sent).toEqual([{ text: 'buy spam' }, { text: 'Congratulations, Priya!' }]);
  }, 30_000);
});
