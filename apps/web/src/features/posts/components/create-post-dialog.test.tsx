import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildPost, buildUser, page, summaryOf } from '@/testing/factories';
import { server } from '@/testing/server';
import { CREATE_POST_MESSAGES } from './create-post-dialog';
import { renderFeedAs } from './feed-test-helpers';

const me = buildUser({ id: 9, first_name: 'Imani', last_name: 'Clarke' });
const older = buildPost({ caption: 'An older post' });

function renderWithFeed() {
  return renderFeedAs(me, { posts: [older] });
}

async function openDialog(user: ReturnType<typeof renderWithFeed>['user']) {
  await screen.findByText('An older post');
  await user.click(screen.getByRole('button', { name: /share something/i }));
  return screen.findByRole('dialog', { name: 'Create a post' });
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

describe('CreatePostDialog', () => {
  it('requires both an image and a caption, without calling the server', async () => {
    const posted = vi.fn();
    server.use(http.post('/social/posts/', () => posted()));
    const { user } = renderWithFeed();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(within(dialog).getByText(CREATE_POST_MESSAGES.imageRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CREATE_POST_MESSAGES.captionRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Caption'), '   ');
    await user.upload(within(dialog).getByLabelText('Image'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(within(dialog).queryByText(CREATE_POST_MESSAGES.imageRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByText(CREATE_POST_MESSAGES.captionRequired)).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('uploads, toasts success and puts the new post on top of the feed without a reload', async () => {
    const created = buildPost({ user: summaryOf(me), caption: 'Graduation day!' });
    const received: { caption: FormDataEntryValue | null; imageIsFile: boolean; auth: string | null }[] = [];
    let feedLoads = 0;
    server.use(
      http.get('/social/posts/', () => {
        feedLoads += 1;
        return HttpResponse.json(page([older]));
      }),
      http.post('/social/posts/', async ({ request }) => {
        const form = await request.formData();
        const image = form.get('image');
        received.push({
          caption: form.get('caption'),
          imageIsFile: image !== null && typeof image === 'object',
          auth: request.headers.get('Authorization'),
        });
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderWithFeed();
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText('Image'), png());
    await user.type(within(dialog).getByLabelText('Caption'), '  Graduation day!  ');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(await screen.findByText(CREATE_POST_MESSAGES.success)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a post' })).not.toBeInTheDocument());
    expect(received).toEqual([{ caption: 'Graduation day!', imageIsFile: true, auth: 'Bearer access-1' }]);
    // The feed renders updates in a deferred pass.
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveTextContent('Graduation day!'));
    expect(screen.getAllByRole('article')[1]).toHaveTextContent('An older post');
    expect(feedLoads).toBeLessThanOrEqual(1);
  });

  it.each([
    {
      name: "the server's message",
      reply: () => HttpResponse.json({ image: ['Upload a valid image.'] }, { status: 400 }),
      toast: 'Failed to upload post: Upload a valid image.',
    },
    {
      name: "'Please try again' without one",
      reply: () => new HttpResponse(null, { status: 502 }),
      toast: 'Failed to upload post: Please try again',
    },
  ])('toasts the failure with $name', async ({ reply, toast }) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.post('/social/posts/', reply));
    const { user } = renderWithFeed();
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText('Image'), png());
    await user.type(within(dialog).getByLabelText('Caption'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create a post' })).toBeInTheDocument();
    expect(screen.getAllByRole('article', { hidden: true })).toHaveLength(1);
  });
});
