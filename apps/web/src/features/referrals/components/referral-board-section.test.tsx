import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ReferralRequest } from '@alumlink/contract';
import { buildReferral, buildSummary, buildUser, storeSession, summaryOf } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { ReferralBoardSection } from './referral-board-section';

const alumnus = buildUser({ role: 'AL', first_name: 'Alex', last_name: 'Morgan' });
const offers = [
  buildReferral({ id: 3, company: 'Pixel Labs', role: 'Software Engineer' }),
  buildReferral({ id: 4, company: 'Pixel Labs', role: 'Product Designer' }),
];

function request(id: number): ReferralRequest {
  const offer = offers[id % 2]!;
  return {
    id,
    status: 'requested',
    message: 'Could you refer me?',
    resume_url: null,
    created_at: new Date(Date.UTC(2026, 4, 1, 10, 0, id)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 4, 1, 10, 0, id)).toISOString(),
    referral: { id: offer.id, company: offer.company, role: offer.role, status: 'open', alumni: { ...summaryOf(alumnus), email: '' } },
    requester: {
      ...buildSummary({ id: 1000 + id, first_name: 'Member', last_name: String(id) }),
      email: '',
      headline: '',
      cohort_year: null,
    },
  };
}

describe('the "All offers" board', () => {
  it("pages the requests on all of the alumnus's offers with the server's cursor and Load more", async () => {
    storeSession(alumnus);
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/referrals/mine/', () => HttpResponse.json({ results: offers, next: null })),
      http.get('/api/referral-requests/received/', ({ request: call }) => {
        const cursor = new URL(call.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === null
          ? HttpResponse.json({ results: [request(9), request(8)], next: 'page-2' })
          : HttpResponse.json({ results: [request(7)], next: null });
      }),
    );
    const { user } = renderPage(<ReferralBoardSection />, { path: '/user/referrals' });

    expect(await screen.findByRole('article', { name: 'Request from Member 9' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Request from Member 8' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Request from Member 7' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more requests' }));
    expect(await screen.findByRole('article', { name: 'Request from Member 7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more requests' })).not.toBeInTheDocument();
    expect(cursors).toEqual([null, 'page-2']);
  });
});
