// For the feed's tests: the feed page as the app shows it, and a comment endpoint that answers.
import { http, HttpResponse } from 'msw';
import type { Post, User } from '@alumlink/contract';
import { buildComment, page, storeSession, summaryOf } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { Feed } from '../pages/feed-page';
import { CreatePostProvider } from './create-post-provider';

/** Signs `me` in and renders the feed at /user (with the create-post dialog's provider); `posts`, when given, is the feed's one page. */
export function renderFeedAs(me: User, { posts, stubs = [] }: { posts?: Post[]; stubs?: string[] } = {}) {
  if (posts) server.use(http.get('/social/posts/', () => HttpResponse.json(page(posts))));
  storeSession(me);
  return renderPage(
    <CreatePostProvider>
      <Feed />
    </CreatePostProvider>,
    { path: '/user', stubs },
  );
}

/** POST /social/posts/:id/comment/ answering the comment as written by `me`; each body sent is pushed to `sent`. */
export function commentHandler(postId: number, me: User, sent: unknown[]) {
  return http.post(`/social/posts/${postId}/comment/`, async ({ request }) => {
    const body = (await request.json()) as { text: string };
    sent.push(body);
    return HttpResponse.json(buildComment(postId, { text: body.text, user: summaryOf(me) }), { status: 201 });
  });
}
