import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RosterImport, RosterPreview } from '@alumlink/contract';
import { buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { ROSTER_PAGE_MESSAGES, RosterPage } from './roster-page';

const preview: RosterPreview = {
  rows: [
    { line: 2, email: 'new@example.net', action: 'invite', errors: [], note: null },
    { line: 3, email: 'bad', action: 'skip', errors: ['"bad" is not a valid e-mail address.'], note: null },
  ],
  counts: { invite: 1, update: 0, skip: 0, error: 1 },
};

const finished: RosterImport = {
  id: 7,
  status: 'done',
  counts: { invite: 1, update: 0, skip: 0, error: 1 },
  errors: [{ line: 3, message: '"bad" is not a valid e-mail address.' }],
  processed: 2,
  total: 2,
  file_name: 'team.csv',
  started_by: 'Ada Admin',
  failure: null,
  rejected_csv: '/api/admin/roster/imports/7/rejected.csv',
  created_at: '2026-11-29T10:00:00Z',
  finished_at: '2026-11-29T10:00:02Z',
};

describe('RosterPage', () => {
  it('previews a file with its errors by line, imports it and shows the result', async () => {
    server.use(
      http.get('/api/admin/roster/imports/', () => HttpResponse.json(page([]))),
      http.post('/api/admin/roster/preview/', () => HttpResponse.json(preview)),
      http.post('/api/admin/roster/import/', () => HttpResponse.json({ id: 7 }, { status: 202 })),
      http.get('/api/admin/roster/imports/7/', () => HttpResponse.json(finished)),
    );
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const { user } = renderPage(<RosterPage />, { path: '/admin/roster' });
    expect(await screen.findByText(ROSTER_PAGE_MESSAGES.emptyTitle)).toBeInTheDocument();
    const file = new File(['email,first_name,last_name\n'], 'team.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Roster file (CSV)'), file);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const errorRow = await screen.findByTestId('roster-row-error');
    expect(within(errorRow).getByText('3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 1 row' }));
    expect(await screen.findByText('finished')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Rejected rows' })).getByText('Line 3:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download rejected rows (CSV)' })).toBeInTheDocument();
  });

  it('shows the API error of a file without a header', async () => {
    server.use(
      http.get('/api/admin/roster/imports/', () => HttpResponse.json(page([]))),
      http.post('/api/admin/roster/preview/', () =>
        HttpResponse.json({ detail: 'The first row must name the columns.', code: 'missing_header' }, { status: 400 }),
      ),
    );
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const { user } = renderPage(<RosterPage />, { path: '/admin/roster' });
    await user.upload(screen.getByLabelText('Roster file (CSV)'), new File(['x'], 'x.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The first row must name the columns.');
  });
});
