import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildReferral, buildSummary, buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { MESSAGE_BOX_MESSAGES } from './components/message-box';
import { REFERRALS_MESSAGES, ReferralsPage } from './referrals-page';

function renderReferrals() {
  storeSession(buildUser({ id: 1, role: 'AD', is_staff: true }));
  return renderPage(<ReferralsPage />, { path: '/admin/referral' });
}

describe('ReferralsPage', () => {
  it('shows loading, then cards with the alumnus and the job', async () => {
    const referral = buildReferral({
      company: 'Initech',
      role: 'Data Analyst',
      ctc: 9.5,
      location: 'Bengaluru',
      requirements: 'SQL and Python',
    });
    server.use(http.get('/api/admin/referrals/', () => HttpResponse.json(page([referral]))));
    renderReferrals();
    expect(screen.getByRole('heading', { name: REFERRALS_MESSAGES.title })).toBeInTheDocument();
    expect(screen.getByText(REFERRALS_MESSAGES.loading)).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Referral by Priya Sharma' });
    for (const text of ['Open', 'Alumni · Acme', 'Data Analyst', 'Initech', '9.5 LPA', 'Bengaluru', 'SQL and Python']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
  });

  it("shows an offer whose alumnus deleted their account as 'Deleted user', closed, without Message", async () => {
    server.use(
      http.get('/api/admin/referrals/', () =>
        HttpResponse.json(page([buildReferral({ alumni: null, status: 'closed', company: 'Keepsake' })])),
      ),
    );
    renderReferrals();
    const card = await screen.findByRole('article', { name: 'Referral by Deleted user' });
    expect(within(card).getByText('Keepsake')).toBeInTheDocument();
    // The members' word for the same state (My referrals).
    expect(within(card).getByText('Closed')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('shows the empty and the error states', async () => {
    server.use(http.get('/api/admin/referrals/', () => HttpResponse.json(page([]))));
    const { unmount } = renderReferrals();
    expect(await screen.findByText(REFERRALS_MESSAGES.empty)).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/admin/referrals/', () => HttpResponse.json({ detail: 'x', code: 'x' }, { status: 500 })));
    renderReferrals();
    expect(await screen.findByRole('alert')).toHaveTextContent(REFERRALS_MESSAGES.loadFailed);
  });

  it('Message opens a chat box that starts the conversation and sends the text', async () => {
    const alumni = { ...buildSummary({ id: 42, first_name: 'Priya', last_name: 'Sharma' }), company: 'Acme' };
    const calls: string[] = [];
    server.use(
      http.get('/api/admin/referrals/', () => HttpResponse.json(page([buildReferral({ alumni })]))),
      http.post('/social/conversations/start_conversation/', async ({ request }) => {
        calls.push(`start ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({
          id: 9,
          other_user: { id: 42, username: 'priya', first_name: 'Priya', last_name: 'Sharma', profile_image: null },
          unread_count: 0,
          last_message: null,
          updated_at: '2025-06-01T10:00:00.000Z',
        });
      }),
      http.post('/social/conversations/9/send_message/', async ({ request }) => {
        const { content } = (await request.json()) as { content: string };
        calls.push(`send ${content}`);
        return HttpResponse.json(
          { id: 1, conversation_id: 9, sender: { id: 1 }, sender_id: 1, content, timestamp: '2025-06-01T10:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderReferrals();
    const message = await screen.findByRole('button', { name: 'Message' });
    await user.click(message);
    const box = await screen.findByRole('dialog', { name: 'Message Priya Sharma' });
    const text = within(box).getByRole('textbox', { name: 'Your message' });
    expect(text).toHaveFocus();
    expect(within(box).getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(text, 'Hi Priya, can we talk about the role?');
    await user.click(within(box).getByRole('button', { name: 'Send' }));
    expect(await within(box).findByText(MESSAGE_BOX_MESSAGES.sent('Priya Sharma'))).toBeInTheDocument();
    expect(calls).toEqual(['start {"user_id":42}', 'send Hi Priya, can we talk about the role?']);
    expect(text).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(message).toHaveFocus());
  });

  it('shows the failure note when sending fails', async () => {
    server.use(
      http.get('/api/admin/referrals/', () => HttpResponse.json(page([buildReferral()]))),
      http.post('/social/conversations/start_conversation/', () => HttpResponse.json({ detail: 'x', code: 'x' }, { status: 500 })),
    );
    const { user } = renderReferrals();
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    const box = await screen.findByRole('dialog');
    await user.type(within(box).getByRole('textbox'), 'Hello');
    await user.click(within(box).getByRole('button', { name: 'Send' }));
    expect(await within(box).findByText(MESSAGE_BOX_MESSAGES.failed)).toBeInTheDocument();
  });
});
