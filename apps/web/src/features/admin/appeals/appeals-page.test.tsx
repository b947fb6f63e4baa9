import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAppeal } from '@alumlink/contract';
import { buildSummary, buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { useQueueCounts } from '../shell/api/get-queue-counts';
import { AppealsPage } from './appeals-page';

const admin = buildUser({ id: 1, role: 'AD', is_staff: true, first_name: 'Ada', last_name: 'Admin' });

function buildAppeal(overrides: Partial<AdminAppeal> = {}): AdminAppeal {
  const now = new Date().toISOString();
  return {
    id: 5,
    post_id: 9,
    text: 'It was our meetup announcement.',
    status: 'open',
    reply: null,
    created_at: now,
    decided_at: null,
    reason: 'Unwanted content',
    removed_at: now,
    post: {
      id: 9,
      user: buildSummary({ first_name: 'Sam', last_name: 'Lee' }),
      caption: 'Meetup on Friday',
      image: null,
      image_withheld: true,
      created_at: now,
      likes_count: 2,
      comments_count: 1,
    },
    ...overrides,
  };
}

// jsdom has no object URLs: the withheld image's blob gets a stand-in one, and the URL class
// gets back exactly what it had (test files share one environment: a deleted property exposed
// Node's own createObjectURL to the next file, which refuses jsdom's File).
beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:withheld-image');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const imageRequests: string[] = [];
/** The admin shell's menu counts, refreshed with the queue after a decision. */
function QueueCountsProbe() {
  const counts = useQueueCounts();
  return <p>{counts.data ? `${counts.data.open_appeals} open appeals` : 'counting'}</p>;
}

function renderAppeals(imageStatus = 200) {
  storeSession(admin);
  server.use(
    http.get('/social/admin/posts/:id/image/', ({ request }) => {
      imageRequests.push(request.headers.get('authorization') ?? '');
      return imageStatus === 200
        ? new HttpResponse(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'image/webp' } })
        : HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: imageStatus });
    }),
  );
  return renderPage(
    <>
      <QueueCountsProbe />
      <AppealsPage />
    </>,
    { path: '/admin/appeals' },
  );
}

describe('AppealsPage', () => {
  it('shows loading, then each appeal with the removal reason, the removed image (fetched as the admin) and the author’s text', async () => {
    server.use(http.get('/social/admin/appeals/', () => HttpResponse.json(page([buildAppeal()]))));
    renderAppeals();
    expect(screen.getByRole('status')).toHaveTextContent('Loading appeals...');
    const card = await screen.findByRole('article', { name: 'Appeal 5' });
    expect(within(card).getByText('Unwanted content')).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'Image shared by Sam Lee' })).toHaveAttribute('src', 'blob:withheld-image');
    expect(within(card).getByText('Hidden from members')).toBeInTheDocument();
    expect(imageRequests.at(-1)).toMatch(/^Bearer /);
    expect(within(card).getByText('It was our meetup announcement.')).toBeInTheDocument();
    expect(within(card).getByText('2 likes · 1 comment')).toBeInTheDocument();
  });

  it('says so when the removed image cannot be fetched', async () => {
    server.use(http.get('/social/admin/appeals/', () => HttpResponse.json(page([buildAppeal()]))));
    renderAppeals(404);
    const card = await screen.findByRole('article', { name: 'Appeal 5' });
    expect(await within(card).findByText('Image unavailable')).toBeInTheDocument();
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the empty and error states', async () => {
    server.use(http.get('/social/admin/appeals/', () => HttpResponse.json(page([]))));
    const { unmount } = renderAppeals();
    expect(await screen.findByText('No appeals')).toBeInTheDocument();
    unmount();
    server.use(http.get('/social/admin/appeals/', () => HttpResponse.json({ detail: 'down', code: 'x' }, { status: 503 })));
    renderAppeals();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load appeals. Please try again later.');
  });

  it('needs a decision and a reply, then sends them and the appeal leaves the open list', async () => {
    let sent: unknown = null;
    let decided = false;
    server.use(
      http.get('/social/admin/appeals/', () => HttpResponse.json(page(decided ? [] : [buildAppeal()]))),
      // The menu's counts answer after the queue has already dropped the decided appeal (a slow server):
      // the toast must not depend on the appeal's card still being on screen.
      http.get('/social/admin/queue-counts/', async () => {
        if (decided) await delay(300);
        return HttpResponse.json({ open_reports: 0, open_appeals: decided ? 0 : 1 });
      }),
      http.post('/social/admin/appeals/5/decide/', async ({ request }) => {
        sent = await request.json();
        decided = true;
        return HttpResponse.json(buildAppeal({ status: 'restored', reply: 'Welcome back.' }));
      }),
    );
    const { user } = renderAppeals();
    const card = await screen.findByRole('article', { name: 'Appeal 5' });
    await user.click(within(card).getByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide this appeal' });
    await user.click(within(dialog).getByRole('button', { name: 'Send decision' }));
    expect(within(dialog).getByText('Choose a decision.')).toBeInTheDocument();
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: /Restore the post/ }));
    await user.type(within(dialog).getByLabelText('Reply to the author'), 'Welcome back.');
    await user.click(within(dialog).getByRole('button', { name: 'Send decision' }));
    await waitFor(() => expect(sent).toEqual({ decision: 'restored', reply: 'Welcome back.' }));
    expect(await screen.findByText('Post restored. The author has your reply.')).toBeInTheDocument();
    expect(await screen.findByText('No appeals')).toBeInTheDocument();
  });
});
