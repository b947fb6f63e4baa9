import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Mentor, Mentorship, User } from '@alumlink/contract';
import { buildUser, storeSession, summaryOf } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { MentoringPage } from './mentoring-page';

const mentorUser = buildUser({ role: 'AL', first_name: 'Maya', last_name: 'Rao' });
const mentor: Mentor = {
  ...summaryOf(mentorUser),
  company: 'Globex',
  job_title: 'Engineer',
  topics: ['React', 'Career growth'],
  capacity: 3,
  active_count: 1,
  about: 'Ask me about React.',
  my_request: null,
};

function mentorship(me: User, overrides: Partial<Mentorship> = {}): Mentorship {
  return {
    id: 41,
    status: 'pending',
    topic: 'React',
    message: 'Could you review my app?',
    decline_reason: null,
    mentor: summaryOf(mentorUser),
    mentee: summaryOf(me),
    conversation_id: null,
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

describe('MentoringPage', () => {
  it('finds mentors by topic, sends a request from the dialog (validated), and lists it', { timeout: 30_000 }, async () => {
    const me = buildUser({ role: 'TR', first_name: 'Tara', last_name: 'Lee' });
    storeSession(me);
    const topics: (string | null)[] = [];
    const bodies: unknown[] = [];
    let mine: Mentorship[] = [];
    server.use(
      http.get('/api/mentoring/mentors/', ({ request }) => {
        const topic = new URL(request.url).searchParams.get('topic');
        topics.push(topic);
        const card = { ...mentor, my_request: mine[0] ? { id: mine[0].id, status: 'pending' } : null };
        return HttpResponse.json({ results: topic === 'nothing' ? [] : [card], next: null });
      }),
      http.get('/api/mentoring/requests/', () => HttpResponse.json({ results: mine, next: null })),
      http.post('/api/mentoring/requests/', async ({ request }) => {
        bodies.push(await request.json());
        mine = [mentorship(me)];
        return HttpResponse.json(mine[0], { status: 201 });
      }),
    );
    const { user } = renderPage(<MentoringPage />, { path: '/user/mentoring' });
    const card = await screen.findByRole('article', { name: 'Mentor Maya Rao' });
    expect(within(card).getByText('Engineer at Globex')).toBeInTheDocument();
    expect(within(card).getByText('2 of 3 places free')).toBeInTheDocument();
    expect(await screen.findByText('No mentorships yet')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Mentor profile' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Request mentoring from Maya Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Maya Rao for mentoring' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('Topic'), 'Career growth');
    await user.type(within(dialog).getByLabelText('Message'), '  Help me plan my first year. ');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ mentor_id: mentorUser.id, topic: 'Career growth', message: 'Help me plan my first year.' }]),
    );
    expect(await screen.findByRole('article', { name: 'Mentorship with Maya Rao on React' })).toBeInTheDocument();
    // The mentor's card now says so instead of offering a request that would answer 409.
    expect(await within(card).findByRole('button', { name: 'Requested: Maya Rao' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Cancel your request to Maya Rao' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Request mentoring from Maya Rao' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Topic'), 'nothing');
    expect(await screen.findByText('No mentors found')).toBeInTheDocument();
    expect(topics).toContain('nothing');
  });

  it('lets an alumnus accept a request as mentor and go to the conversation', { timeout: 30_000 }, async () => {
    const me = buildUser({ role: 'AL', first_name: 'Maya', last_name: 'Rao', id: mentorUser.id });
    storeSession(me);
    const mentee = buildUser({ role: 'TR', first_name: 'Tara', last_name: 'Lee' });
    const pending = mentorship(mentee, { mentor: summaryOf(me) });
    server.use(
      http.get('/api/mentoring/mentors/', () => HttpResponse.json({ results: [], next: null })),
      http.get('/api/mentoring/profile/', () =>
        HttpResponse.json({ is_mentor: true, topics: ['React'], capacity: 3, about: '', accepting: true, active_count: 0 }),
      ),
      http.get('/api/mentoring/requests/', ({ request }) =>
        HttpResponse.json({ results: new URL(request.url).searchParams.get('as') === 'mentor' ? [pending] : [], next: null }),
      ),
      http.post(`/api/mentoring/requests/${pending.id}/accept/`, () =>
        HttpResponse.json({ ...pending, status: 'active', conversation_id: 77 }),
      ),
    );
    const { user } = renderPage(<MentoringPage />, { path: '/user/mentoring', stubs: ['/user/messages'] });
    expect(await screen.findByRole('form', { name: 'Mentor profile' })).toBeInTheDocument();
    // A request waits for them as mentor: that side is shown first.
    expect(await screen.findByRole('button', { name: 'As mentor', pressed: true })).toBeInTheDocument();
    const request = await screen.findByRole('article', { name: 'Mentorship with Tara Lee on React' });
    await user.click(within(request).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Stub page /user/messages')).toBeInTheDocument();
  });

  it('shows the error state when mentors fail to load', async () => {
    storeSession(buildUser({ role: 'IN' }));
    server.use(
      http.get('/api/mentoring/mentors/', () => HttpResponse.json({ detail: 'boom', code: 'x' }, { status: 500 })),
      http.get('/api/mentoring/requests/', () => HttpResponse.json({ results: [], next: null })),
    );
    renderPage(<MentoringPage />, { path: '/user/mentoring' });
    expect(await screen.findByText('Failed to load mentors.')).toBeInTheDocument();
  });
});
