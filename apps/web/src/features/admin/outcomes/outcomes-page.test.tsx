import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Outcomes } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { OutcomesPage } from './outcomes-page';

const OUTCOMES: Outcomes = {
  referrals: { requested: 10, referred: 5, interviewing: 3, hired: 2, not_selected: 1, declined: 1, withdrawn: 1, expired: 1, closed: 0 },
  hires_by_company: [{ company: 'Google', count: 2 }],
  by_cohort: [
    { cohort_year: 2025, requested: 6, hired: 1 },
    { cohort_year: null, requested: 4, hired: 1 },
  ],
  median_days_to_referral: 2.5,
  mentorships: { requested: 4, pending: 1, active: 2, completed: 1, declined: 0, cancelled: 0 },
};

describe('OutcomesPage', () => {
  it('shows the funnel, the median and the tables, and asks again for a cohort', async () => {
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const queries: string[] = [];
    server.use(
      http.get('/api/admin/outcomes/', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(
          new URL(request.url).searchParams.get('cohort_year') === '2030'
            ? { ...OUTCOMES, referrals: { ...OUTCOMES.referrals, requested: 0 } }
            : OUTCOMES,
        );
      }),
    );
    const { user } = renderPage(<OutcomesPage />, { path: '/admin/outcomes' });
    const funnel = await screen.findByRole('list', { name: 'Referral funnel' });
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Requested10100%', 'Referred550%', 'Interviewing330%', 'Hired220%']);
    expect(screen.getByText('2.5')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Hires by company' })).getByText('Google')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Requests and hires by cohort' })).getByText('No cohort')).toBeInTheDocument();
    const mentorshipTable = within(screen.getByRole('table', { name: 'Mentorships by status' }));
    expect(mentorshipTable.getByRole('row', { name: 'Active 2' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Cohort'), '2030');
    expect(await screen.findByText('No referral requests')).toBeInTheDocument();
    expect(queries).toEqual(['', '?cohort_year=2030']);
  });

  it('shows an error state with Reload', async () => {
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    server.use(http.get('/api/admin/outcomes/', () => HttpResponse.json({ detail: 'Down', code: 'unavailable' }, { status: 503 })));
    renderPage(<OutcomesPage />, { path: '/admin/outcomes' });
    expect(await screen.findByText('Failed to load outcomes. Please try again.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
