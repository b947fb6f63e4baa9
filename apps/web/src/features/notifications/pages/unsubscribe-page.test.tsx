import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { UnsubscribePage } from './unsubscribe-page';

const renderUnsubscribe = (token: string) =>
  renderRoutes([{ path: '/unsubscribe', element: <UnsubscribePage /> }], { path: `/unsubscribe?token=${token}` });

describe('UnsubscribePage', () => {
  it('shows what the link stops, without changing it, and unsubscribes on the button', async () => {
    const posts: string[] = [];
    server.use(
      http.get('/api/unsubscribe/', () =>
        HttpResponse.json({ categories: ['comment', 'event'], email: 'a***@example.com', unsubscribed: false }),
      ),
      http.post('/api/unsubscribe/', ({ request }) => {
        posts.push(new URL(request.url).searchParams.get('token') ?? '');
        return HttpResponse.json({ categories: ['comment', 'event'], email: 'a***@example.com', unsubscribed: true });
      }),
    );
    const { user } = renderUnsubscribe('abc.def');
    expect(
      await screen.findByText('Stop e-mails about comments, events to a***@example.com? Notifications in the app are unchanged.'),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: a***@example.com no longer receives e-mails about comments, events.',
    );
    expect(posts).toEqual(['abc.def']);
  });

  it('says when the link is not valid', async () => {
    server.use(
      http.get('/api/unsubscribe/', () =>
        HttpResponse.json({ detail: 'This unsubscribe link is not valid.', code: 'invalid_token' }, { status: 400 }),
      ),
    );
    renderUnsubscribe('forged.x');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });
});
