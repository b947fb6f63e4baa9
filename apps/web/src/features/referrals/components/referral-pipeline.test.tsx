import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFERRAL_REQUEST_MESSAGES, type ReferralRequest, type ReferralRequestDetail, type User } from '@alumlink/contract';
import { buildUser, storeSession, summaryOf } from '@/testing/factories';
import { matchMediaQueries } from '@/testing/match-media';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { ReferralsPage } from '../pages/referrals-page';

/** As the server sends people on referral requests: without their e-mail. */
const summary = (user: User) => ({ ...summaryOf(user), email: '' });

const alumnus = buildUser({ role: 'AL', first_name: 'Alex', last_name: 'Morgan' });
const trainee = buildUser({ role: 'TR', first_name: 'Taylor', last_name: 'Reed' });

function buildRequest(overrides: Partial<ReferralRequest> = {}): ReferralRequest {
  return {
    id: 7,
    status: 'requested',
    message: 'I know React well.',
    resume_url: 'https://cv.example.com/taylor.pdf',
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    referral: { id: 3, company: 'Google', role: 'Software Engineer', status: 'open', alumni: summary(alumnus) },
    requester: { ...summary(trainee), headline: 'Full-stack trainee', cohort_year: 2025 },
    ...overrides,
  };
}

const offer = {
  id: 3,
  company: 'Google',
  role: 'Software Engineer',
  ctc: 24,
  location: 'Bengaluru',
  requirements: 'DSA',
  status: 'open',
  created_at: '2026-04-01T10:00:00.000Z',
  alumni: { ...summary(alumnus), role: 'AL' },
  my_request: null,
};

function renderAs(me: User) {
  storeSession(me);
  server.use(http.get('/api/referral-user/', () => HttpResponse.json(me)));
  return renderPage(<ReferralsPage />, { path: '/user/referrals' });
}

afterEach(() => vi.restoreAllMocks());

describe('asking for a referral', () => {
  it('checks the CV link with the contract, then sends the request and lists it', async () => {
    const bodies: unknown[] = [];
    let mine: ReferralRequest[] = [];
    server.use(
      // The server marks the offer with the viewer's request once there is one.
      http.get('/api/referrals/', () =>
        HttpResponse.json({ results: [{ ...offer, my_request: mine[0] ? { id: 7, status: 'requested' } : null }], next: null }),
      ),
      http.get('/api/referral-requests/mine/', () => HttpResponse.json({ results: mine, next: null })),
      http.post('/api/referrals/3/requests/', async ({ request }) => {
        bodies.push(await request.json());
        const created = buildRequest();
        mine = [created];
        return HttpResponse.json({ ...created, history: [] }, { status: 201 });
      }),
    );
    const { user } = renderAs(trainee);
    expect(await screen.findByText('No referral requests yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Ask for a referral: Software Engineer at Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a referral' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Message'), 'I know React well.');
    await user.type(within(dialog).getByLabelText(/CV link/), 'http://cv.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(REFERRAL_REQUEST_MESSAGES.resumeUrl)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/CV link/));
    await user.type(within(dialog).getByLabelText(/CV link/), 'https://cv.example.com/taylor.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ message: 'I know React well.', resume_url: 'https://cv.example.com/taylor.pdf' }]);
    expect(await screen.findByRole('article', { name: 'Your request: Software Engineer at Google' })).toBeInTheDocument();
    // The offer now says "Asked" with the request's status, not a button that would answer 409.
    const card = screen.getByRole('article', { name: 'Software Engineer at Google' });
    expect(await within(card).findByText('Asked')).toBeInTheDocument();
    expect(within(card).getByText('Requested')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Ask for a referral/ })).not.toBeInTheDocument();
  }, 20_000);

  it("shows the server's 409 in the dialog", async () => {
    server.use(
      http.get('/api/referrals/', () => HttpResponse.json({ results: [offer], next: null })),
      http.get('/api/referral-requests/mine/', () => HttpResponse.json({ results: [], next: null })),
      http.post('/api/referrals/3/requests/', () =>
        HttpResponse.json({ detail: REFERRAL_REQUEST_MESSAGES.alreadyActive, code: 'already_requested' }, { status: 409 }),
      ),
    );
    const { user } = renderAs(trainee);
    await user.click(await screen.findByRole('button', { name: 'Ask for a referral: Software Engineer at Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a referral' });
    await user.type(within(dialog).getByLabelText('Message'), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(REFERRAL_REQUEST_MESSAGES.alreadyActive)).toBeInTheDocument();
  });
});

describe('My referral requests', () => {
  it('shows each request with its timeline, and withdraws a waiting one', async () => {
    let status: ReferralRequest['status'] = 'requested';
    const detail = (): ReferralRequestDetail => ({
      ...buildRequest({ status }),
      history: [
        { status: 'requested', note: null, at: '2026-05-01T10:00:00.000Z', by: summary(trainee) },
        ...(status === 'withdrawn'
          ? [{ status: 'withdrawn' as const, note: null, at: '2026-05-02T10:00:00.000Z', by: summary(trainee) }]
          : []),
      ],
    });
    server.use(
      http.get('/api/referrals/', () => HttpResponse.json({ results: [], next: null })),
      http.get('/api/referral-requests/mine/', () => HttpResponse.json({ results: [buildRequest({ status })], next: null })),
      http.get('/api/referral-requests/7/', () => HttpResponse.json(detail())),
      http.post('/api/referral-requests/7/withdraw/', () => {
        status = 'withdrawn';
        return HttpResponse.json(detail());
      }),
    );
    const { user } = renderAs(trainee);
    const card = await screen.findByRole('article', { name: 'Your request: Software Engineer at Google' });
    expect(within(card).getByText('Requested')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show timeline' }));
    const timeline = await within(card).findByRole('list', { name: 'Timeline: Software Engineer at Google' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Withdraw' }));
    expect(await within(card).findByText('Withdrawn', { selector: 'span' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
  });
});

describe('My referral requests after the alumnus left', () => {
  it("keeps the request, its offer shown by 'Deleted user'", async () => {
    const closed = buildRequest({ status: 'closed', referral: { ...buildRequest().referral, status: 'closed', alumni: null } });
    server.use(
      http.get('/api/referrals/', () => HttpResponse.json({ results: [], next: null })),
      http.get('/api/referral-requests/mine/', () => HttpResponse.json({ results: [closed], next: null })),
    );
    renderAs(trainee);
    const card = await screen.findByRole('article', { name: 'Your request: Software Engineer at Google' });
    expect(within(card).getByText(/Asked Deleted user on/)).toBeInTheDocument();
  });
});

describe("the alumnus's board", () => {
  function serveBoard(requests: ReferralRequest[], moves: unknown[]) {
    server.use(
      http.get('/api/referrals/mine/', () => HttpResponse.json({ results: [offer], next: null })),
      http.get('/api/referral-requests/mine/', () => HttpResponse.json({ results: [], next: null })),
      http.get('/api/referrals/3/requests/', () => HttpResponse.json({ results: requests, next: null })),
      // "All offers" (the default): the requests on every offer of the alumnus, here one.
      http.get('/api/referral-requests/received/', () => HttpResponse.json({ results: requests, next: null })),
      http.post('/api/referral-requests/:id/status/', async ({ request, params }) => {
        const body = (await request.json()) as { status: ReferralRequest['status'] };
        moves.push({ id: Number(params.id), ...body });
        const moved = requests.find((row) => row.id === Number(params.id));
        if (moved) moved.status = body.status;
        return HttpResponse.json({ ...buildRequest(moved), history: [] });
      }),
    );
  }

  it('shows the four columns on wide screens and moves a request with a note', async () => {
    matchMediaQueries('(min-width: 48rem)');
    const moves: unknown[] = [];
    serveBoard(
      [
        buildRequest(),
        buildRequest({
          id: 8,
          status: 'hired',
          requester: { ...summary(buildUser({ first_name: 'Liam', last_name: 'Okafor' })), headline: '', cohort_year: null },
        }),
      ],
      moves,
    );
    const { user } = renderAs(alumnus);
    const requested = await screen.findByRole('list', { name: 'Requested' });
    expect(within(requested).getByRole('article', { name: 'Request from Taylor Reed' })).toBeInTheDocument();
    expect(within(requested).getByText('Full-stack trainee · Cohort 2025')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Outcome' })).getByText('Hired')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Referred' })).queryAllByRole('article')).toHaveLength(0);

    // Named actions (DESIGN 8.2), not bare status words.
    expect(within(requested).getByRole('button', { name: 'Decline: Taylor Reed' })).toBeInTheDocument();
    await user.click(within(requested).getByRole('button', { name: 'Mark as referred: Taylor Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as referred?' });
    await user.type(within(dialog).getByLabelText(/Note/), 'Sent your CV.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as referred' }));
    await waitFor(() => expect(moves).toEqual([{ id: 7, status: 'referred', note: 'Sent your CV.' }]));
    const referred = await screen.findByRole('list', { name: 'Referred' });
    expect(await within(referred).findByRole('article', { name: 'Request from Taylor Reed' })).toBeInTheDocument();
  }, 20_000);

  it('is a list with a status select on phones', async () => {
    const moves: unknown[] = [];
    serveBoard([buildRequest({ status: 'referred' })], moves);
    const { user } = renderAs(alumnus);
    const select = await screen.findByRole('combobox', { name: "Next step for Taylor Reed's request" });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Referred', 'Move to interviewing', 'Mark as hired', 'Mark not selected']);
    await user.selectOptions(select, 'hired');
    const dialog = await screen.findByRole('dialog', { name: 'Mark as hired?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as hired' }));
    await waitFor(() => expect(moves).toEqual([{ id: 7, status: 'hired', note: '' }]));
  });

  it("shows a request whose requester deleted their account as 'Deleted user', withdrawn", async () => {
    matchMediaQueries('(min-width: 48rem)');
    serveBoard([buildRequest({ status: 'withdrawn', message: '', resume_url: null, requester: null })], []);
    renderAs(alumnus);
    const outcome = await screen.findByRole('list', { name: 'Outcome' });
    const card = within(outcome).getByRole('article', { name: 'Request from Deleted user' });
    expect(within(card).getByText('Withdrawn')).toBeInTheDocument();
  });

  it('says so when an offer has no requests yet', async () => {
    serveBoard([], []);
    renderAs(alumnus);
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
  });

  it('shows the requests of every offer by default ("All offers"), each with its offer', async () => {
    const second = { ...offer, id: 4, role: 'Data Analyst' };
    const onSecond = buildRequest({ id: 9, referral: { ...buildRequest().referral, id: 4, role: 'Data Analyst' } });
    serveBoard([buildRequest()], []);
    server.use(
      http.get('/api/referrals/mine/', () => HttpResponse.json({ results: [offer, second], next: null })),
      http.get('/api/referrals/4/requests/', () => HttpResponse.json({ results: [onSecond], next: null })),
      http.get('/api/referral-requests/received/', () => HttpResponse.json({ results: [onSecond, buildRequest()], next: null })),
    );
    const { user } = renderAs(alumnus);
    expect(await screen.findByRole('combobox', { name: 'Offer' })).toHaveDisplayValue('All offers');
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Request from Taylor Reed' })).toHaveLength(2));
    const cards = screen.getAllByRole('article', { name: 'Request from Taylor Reed' });
    expect(cards.map((card) => within(card).getByText(/ at Google$/).textContent)).toEqual([
      'Data Analyst at Google',
      'Software Engineer at Google',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Offer' }), 'Data Analyst at Google');
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Request from Taylor Reed' })).toHaveLength(1));
  });
});
