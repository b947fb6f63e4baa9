import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Cohort } from '@alumlink/contract';
import { buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { CohortsPage } from './cohorts-page';

const cohort: Cohort = {
  id: 7,
  name: 'Data track 2025',
  year: 2025,
  intern_from: '2026-01-10',
  alumni_from: '2026-06-01',
  members_count: 2,
  next_step: { role: 'AL', on: '2026-06-01', people: 2 },
  last_applied_at: null,
  created_at: '2025-09-01T10:00:00Z',
};

function renderCohorts() {
  server.use(http.get('/api/admin/cohorts/', () => HttpResponse.json(page([cohort]))));
  storeSession(buildUser({ role: 'AD', is_staff: true }));
  return renderPage(<CohortsPage />, { path: '/admin/cohorts' });
}

describe('Cohorts: edit dates and members', () => {
  it('edits the dates in a dialog (an empty intern date means none) and returns focus to its button', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/admin/cohorts/:id/', async ({ request, params }) => {
        const body = await request.json();
        sent.push({ id: params.id, body });
        return HttpResponse.json({ ...cohort, intern_from: null, alumni_from: '2026-07-01' });
      }),
    );
    const { user } = renderCohorts();
    const button = await screen.findByRole('button', { name: 'Edit dates: Data track 2025' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Dates of Data track 2025' });
    const intern = within(dialog).getByLabelText(/interns from/i);
    expect(intern).toHaveValue('2026-01-10');
    await user.clear(intern);
    const alumni = within(dialog).getByLabelText(/alumni from/i);
    await user.clear(alumni);
    await user.type(alumni, '2026-07-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save dates' }));
    expect(await screen.findByText('Dates of Data track 2025 saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ id: '7', body: { intern_from: null, alumni_from: '2026-07-01' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it("shows the server's field error in the dialog", async () => {
    server.use(
      http.patch('/api/admin/cohorts/:id/', () =>
        HttpResponse.json({ alumni_from: ['Alumni from must come after interns from.'] }, { status: 400 }),
      ),
    );
    const { user } = renderCohorts();
    await user.click(await screen.findByRole('button', { name: 'Edit dates: Data track 2025' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save dates' }));
    expect(await within(dialog).findByText('Alumni from must come after interns from.')).toBeInTheDocument();
  });

  it('lists the members when their dialog opens, a page at a time', async () => {
    server.use(
      http.get('/api/admin/cohorts/:id/members/', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor
            ? {
                results: [
                  {
                    id: 2,
                    first_name: 'Grace',
                    last_name: 'Hopper',
                    email: 'grace@example.org',
                    role: 'IN',
                    joined_at: '2026-01-01T00:00:00Z',
                  },
                ],
                next: null,
              }
            : {
                results: [
                  {
                    id: 1,
                    first_name: 'Ada',
                    last_name: 'Lovelace',
                    email: 'ada@example.org',
                    role: 'TR',
                    joined_at: '2026-01-01T00:00:00Z',
                  },
                ],
                next: 'c1',
              },
        );
      }),
    );
    const { user } = renderCohorts();
    await user.click(await screen.findByRole('button', { name: 'Members of Data track 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Data track 2025' });
    expect(await within(dialog).findByText('Ada Lovelace')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('grace@example.org')).toBeInTheDocument();
  });
});
