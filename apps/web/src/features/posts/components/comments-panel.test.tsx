import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildComment, buildPost, buildSummary, buildUser, page } from '@/testing/factories';
import { server } from '@/testing/server';
import { commentHandler, renderFeedAs } from './feed-test-helpers';

const me = buildUser({ id: 8, first_name: 'Taylor', last_name: 'Reed' });

describe('comments', () => {
  it('lists the comments, ignores an empty comment, adds a new one and counts it', async () => {
    const post = buildPost({ comments_count: 1 });
    const existing = buildComment(post.id, { text: 'First!', user: buildSummary({ first_name: 'Priya', last_name: 'Sharma' }) });
    const sent: unknown[] = [];
    server.use(
      http.get('/social/posts/', () => HttpResponse.json(page([post]))),
      http.get(`/social/posts/${post.id}/comments/`, () => HttpResponse.json(page([existing]))),
      commentHandler(post.id, me, sent),
    );
    const { user } = renderFeedAs(me);

    const commentsButton = await screen.findByRole('button', { name: /comments/i });
    expect(commentsButton).toHaveTextContent('1');
    await user.click(commentsButton);
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getByText('First!')).toBeInTheDocument();
    expect(within(list).getByText('Priya Sharma')).toBeInTheDocument();

    const input = screen.getByPlaceholderText('Write a comment...');
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(sent).toEqual([]);

    await user.clear(input);
    await user.type(input, 'Congratulations!');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await within(list).findByText('Congratulations!')).toBeInTheDocument();
    expect(sent).toEqual([{ text: 'Congratulations!' }]);
    await waitFor(() => expect(commentsButton).toHaveTextContent('2'));
    expect(input).toHaveValue('');
  });
});
