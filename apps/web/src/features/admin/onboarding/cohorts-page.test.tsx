import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Cohort } from '@alumlink/contract';
import { buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { COHORTS_MESSAGES, CohortsPage } from './cohorts-page';
import { describeNextStep, whenOf } from './components/cohort-card';

function buildCohort(overrides: Partial<Cohort> = {}): Cohort {
  return {
    id: 1,
    name: 'Data track 2025',
    year: 2025,
    intern_from: '2026-01-10',
    alumni_from: '2026-06-01',
    members_count: 12,
    next_step: { role: 'AL', on: '2026-06-01', people: 9 },
    last_applied_at: null,
    created_at: '2025-09-01T10:00:00Z',
    ...overrides,
  };
}

describe('CohortsPage', () => {
  it('shows each cohort with its members and next step; Apply now tells how many changed', async () => {
    const applied: string[] = [];
    server.use(
      http.get('/api/admin/cohorts/', () => HttpResponse.json(page([buildCohort()]))),
      http.post('/api/admin/cohorts/:id/apply/', ({ params }) => {
        applied.push(String(params.id));
        return HttpResponse.json({ changed: 9 });
      }),
    );
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const { user } = renderPage(<CohortsPage />, { path: '/admin/cohorts' });
    expect(screen.getByText(COHORTS_MESSAGES.loading)).toBeInTheDocument();
    expect(await screen.findByText('12 members')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Cohorts' });
    expect(within(list).getByText(/9 people become Alumni\./)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Apply now: Data track 2025' }));
    expect(await screen.findByText('9 people changed role.')).toBeInTheDocument();
    expect(applied).toEqual(['1']);
  });

  it('checks the new cohort form on both sides', async () => {
    server.use(
      http.get('/api/admin/cohorts/', () => HttpResponse.json(page([]))),
      http.post('/api/admin/cohorts/', () =>
        HttpResponse.json({ detail: 'A cohort with this name already exists.', code: 'cohort_name_taken' }, { status: 409 }),
      ),
    );
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const { user } = renderPage(<CohortsPage />, { path: '/admin/cohorts' });
    expect(await screen.findByText(COHORTS_MESSAGES.emptyTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findAllByText('This field is required.')).not.toHaveLength(0);
    await user.type(screen.getByLabelText('Name'), 'Spring');
    await user.type(screen.getByLabelText(/Interns from/), '2026-07-01');
    await user.type(screen.getByLabelText('Alumni from'), '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('The intern date must not be after the alumni date.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Interns from/));
    await user.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('A cohort with this name already exists.')).toBeInTheDocument();
  });

  it('says when a step is and what it does', () => {
    const now = new Date('2026-05-26T15:00:00Z');
    expect(whenOf('2026-05-26', now)).toBe('today');
    expect(whenOf('2026-06-01', now)).toBe('in 6 days');
    expect(whenOf('2026-05-20', now)).toBe('6 days ago (due now)');
    expect(describeNextStep(buildCohort({ next_step: { role: 'IN', on: '2026-05-27', people: 1 } }), now)).toBe(
      'Tomorrow (May 27, 2026): 1 person becomes Intern.',
    );
    expect(describeNextStep(buildCohort({ next_step: null }), now)).toBe('All steps taken: its people are alumni.');
  });
});
