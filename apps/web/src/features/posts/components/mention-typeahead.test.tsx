import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildPost, buildSummary, buildUser, page } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { commentHandler, renderFeedAs } from './feed-test-helpers';
import { LinkedText } from './linked-text';

const me = buildUser({ id: 8, first_name: 'Taylor', last_name: 'Reed' });
const ann = buildSummary({ id: 21, first_name: 'Ann', last_name: 'Lee', username: 'ann_lee' });
const anna = buildSummary({ id: 22, first_name: 'Anna', last_name: 'Berg', username: 'anna_berg' });

describe('mentions', () => {
  it('links each @mention to the person by username, and #tags to their page, not e-mails or code', async () => {
    renderPage(<LinkedText text={'Thanks @Ann_Lee and #Team! mail ann@example.com `@code`'} />, { path: '/user' });
    expect(await screen.findByRole('link', { name: '@Ann_Lee' })).toHaveAttribute('href', '/user/u/ann_lee');
    expect(screen.getByRole('link', { name: '#Team' })).toHaveAttribute('href', '/user/tags/team');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(document.body).toHaveTextContent('Thanks @Ann_Lee and #Team! mail ann@example.com `@code`');
  });

  it('offers people as @ is typed in the comment box: arrows move, Enter picks, Escape closes', async () => {
    const post = buildPost({ comments_count: 0 });
    const asked: string[] = [];
    const sent: unknown[] = [];
    server.use(
      http.get('/social/posts/', () => HttpResponse.json(page([post]))),
      http.get(`/social/posts/${post.id}/comments/`, () => HttpResponse.json(page([]))),
      http.get('/api/search-users/', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json([ann, anna]);
      }),
      commentHandler(post.id, me, sent),
    );
    const { user } = renderFeedAs(me);
    await user.click(await screen.findByRole('button', { name: /comments/i }));
    const box = await screen.findByRole('combobox', { name: 'Write a comment' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'Well done @an');
    const listbox = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(asked).toContain('an');
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Ann Lee@ann_lee');
    expect(options[1]).toHaveTextContent('Anna Berg@anna_berg');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Well done @anna_berg ');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(sent).toEqual([]);

    await user.type(box, 'and @ann');
    await screen.findByRole('listbox', { name: 'People to mention' });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(sent).toEqual([{ text: 'Well done @anna_berg and @ann' }]);
  });
});
