import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Referral, ReferralRequest, User } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { ReferralsPage } from './referrals-page';

function buildReferral(alumnus: User, overrides: Partial<Referral> = {}): Referral {
  return {
    id: 31,
    company: 'Globex',
    role: 'Data Analyst',
    ctc: 9.5,
    location: 'Hyderabad',
    requirements: 'SQL and Python',
    status: 'open',
    created_at: '2026-01-05T10:00:00.000Z',
    alumni: {
      id: alumnus.id,
      username: alumnus.username,
      first_name: alumnus.first_name,
      last_name: alumnus.last_name,
      email: alumnus.email,
      role: 'AL',
      image: null,
      profile: { profile_image: null },
      company: 'Globex',
    },
    my_request: null,
    ...overrides,
  };
}

function renderReferrals(me: User, { requests = [], board = [] }: { requests?: ReferralRequest[]; board?: ReferralRequest[] } = {}) {
  storeSession(me);
  server.use(
    http.get('/api/referral-user/', () => HttpResponse.json(me)),
    http.get('/api/referral-requests/mine/', () => HttpResponse.json({ results: requests, next: null })),
    http.get('/api/referrals/:id/requests/', () => HttpResponse.json({ results: board, next: null })),
    http.get('/api/referral-requests/received/', () => HttpResponse.json({ results: board, next: null })),
  );
  return renderPage(<ReferralsPage />, { path: '/user/referrals', stubs: ['/user/messages'] });
}

async function fillForm(user: ReturnType<typeof renderReferrals>['user']) {
  await user.type(screen.getByLabelText('Company'), '  Initech ');
  await user.type(screen.getByLabelText('Role'), 'Backend Developer');
  await user.type(screen.getByLabelText('CTC (LPA)'), '12.5');
  await user.type(screen.getByLabelText('Location'), 'Pune');
  await user.type(screen.getByLabelText('Requirements'), 'Node.js, 2 years');
}

describe('ReferralsPage', () => {
  it('shows the form to alumni; Submitting... while busy, then the success toast and a cleared form', async () => {
    const me = buildUser({ role: 'AL' });
    const bodies: unknown[] = [];
    let release: () => void = () => undefined;
    server.use(
      http.get('/api/referrals/mine/', () => HttpResponse.json({ results: [], next: null })),
      http.post('/api/referrals/create/', async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(buildReferral(me, { company: 'Initech' }), { status: 201 });
      }),
    );
    const { user } = renderReferrals(me);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    // The board comes first; the offer form waits behind a button (issue #43).
    expect(await screen.findByRole('heading', { name: 'Referral requests' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Offer a referral' }));
    const ctc = await screen.findByLabelText('CTC (LPA)');
    expect(ctc).toHaveAttribute('type', 'number');
    expect(ctc).toHaveAttribute('min', '0');
    expect(ctc).toHaveAttribute('step', '0.1');
    expect(screen.queryByText('Access Restricted')).not.toBeInTheDocument();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit referral' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Referral submitted successfully!')).toBeInTheDocument();
    // Done: the form closes again, its button back.
    await waitFor(() => expect(screen.queryByLabelText('Company')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Offer a referral' })).toBeInTheDocument();
    expect(bodies).toEqual([
      { company: 'Initech', role: 'Backend Developer', ctc: 12.5, location: 'Pune', requirements: 'Node.js, 2 years' },
    ]);
  }, 15_000);

  it('requires all five fields before calling the server', async () => {
    server.use(http.get('/api/referrals/mine/', () => HttpResponse.json({ results: [], next: null })));
    const { user } = renderReferrals(buildUser({ role: 'AL' }));
    await user.click(await screen.findByRole('button', { name: 'Offer a referral' }));
    await user.click(await screen.findByRole('button', { name: 'Submit referral' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(5);
  });

  it("toasts the server's detail, or 'Failed to submit referral' without one, and keeps the form", async () => {
    let answer = HttpResponse.json({ detail: 'Only alumni can submit referrals.', code: 'forbidden' }, { status: 403 });
    server.use(
      http.get('/api/referrals/mine/', () => HttpResponse.json({ results: [], next: null })),
      http.post('/api/referrals/create/', () => answer),
    );
    const { user } = renderReferrals(buildUser({ role: 'AL' }));
    await user.click(await screen.findByRole('button', { name: 'Offer a referral' }));
    await screen.findByLabelText('Company');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit referral' }));
    expect(await screen.findByText('Only alumni can submit referrals.')).toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveValue('  Initech ');

    answer = new HttpResponse(null, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Submit referral' }));
    expect(await screen.findByText('Failed to submit referral')).toBeInTheDocument();
  }, 15_000);

  it("lists the alumnus's own referrals with Close", async () => {
    const me = buildUser({ role: 'AL' });
    const own = buildReferral(me);
    let status: Referral['status'] = 'open';
    server.use(
      http.get('/api/referrals/mine/', () => HttpResponse.json({ results: [{ ...own, status }], next: null })),
      http.post(`/api/referrals/${own.id}/close/`, () => {
        status = 'closed';
        return HttpResponse.json({ ...own, status });
      }),
    );
    const { user } = renderReferrals(me);
    const row = await screen.findByRole('article', { name: 'Your referral: Data Analyst at Globex' });
    expect(within(row).getByText('9.5 LPA')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Close' }));
    expect(await within(row).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(within(row).getByText('Closed')).toBeInTheDocument();
  });

  it("shows 'Access Restricted' to others, without an error toast, with the open referrals and 'Ask for a referral'", async () => {
    const alumnus = buildUser({ role: 'AL', first_name: 'Rahul', last_name: 'Verma' });
    server.use(http.get('/api/referrals/', () => HttpResponse.json({ results: [buildReferral(alumnus)], next: null })));
    const { user } = renderReferrals(buildUser({ role: 'TR' }));

    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Data Analyst at Globex' });
    expect(within(card).getByText('Rahul Verma')).toBeInTheDocument();
    // A page the trainee may use shows no error (issue #43).
    expect(screen.queryByText('Only alumni can access this page')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Ask for a referral: Data Analyst at Globex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a referral' });
    expect(within(dialog).getByText('Data Analyst at Globex · Rahul Verma')).toBeInTheDocument();
  });
  it("shows an alumnus's offers and requests below the board only once every list is in, so nothing painted moves", async () => {
    const me = buildUser({ role: 'AL' });
    let release: () => void = () => undefined;
    storeSession(me);
    server.use(
      http.get('/api/referral-user/', () => HttpResponse.json(me)),
      http.get('/api/referrals/mine/', () => HttpResponse.json({ results: [buildReferral(me)], next: null })),
      http.get('/api/referral-requests/received/', () => HttpResponse.json({ results: [], next: null })),
      http.get('/api/referral-requests/mine/', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ results: [], next: null });
      }),
    );
    renderPage(<ReferralsPage />, { path: '/user/referrals' });
    expect(await screen.findByRole('heading', { name: 'Referral requests' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your referrals' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My referral requests' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Your referrals' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My referral requests' })).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch user' when the user call fails", async () => {
    storeSession(buildUser({ role: 'AL' }));
    const empty = () => HttpResponse.json({ results: [], next: null });
    server.use(
      http.get('/api/referral-user/', () => HttpResponse.json({ detail: 'Down', code: 'unavailable' }, { status: 503 })),
      // The page's lists load alongside the user.
      http.get('/api/referrals/mine/', empty),
      http.get('/api/referral-requests/received/', empty),
      http.get('/api/referral-requests/mine/', empty),
    );
    renderPage(<ReferralsPage />, { path: '/user/referrals' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user');
    expect(screen.getAllByText('Failed to fetch user').length).toBeGreaterThanOrEqual(2);
  });
});
