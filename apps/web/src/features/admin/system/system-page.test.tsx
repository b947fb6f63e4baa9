import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminSystem } from '@alumlink/contract';
import { describe, expect, it } from 'vitest';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { SystemPage, SYSTEM_MESSAGES } from './system-page';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function buildSystem(overrides: Partial<AdminSystem> = {}): AdminSystem {
  return {
    version: '0.1.0',
    started_at: ago(2 * HOUR),
    workers: 2,
    database: { kind: 'postgres' },
    storage: { kind: 'local' },
    outbox: { pending: 3, oldest_at: ago(60_000), failed_24h: 0 },
    jobs: [
      { name: 'mail-delivery', last_run_at: ago(5_000), last_success_at: ago(5_000), failures_24h: 0, last_error: null },
      { name: 'event-reminders', last_run_at: null, last_success_at: null, failures_24h: 0, last_error: null },
    ],
    ...overrides,
  };
}

function renderSystem(system: AdminSystem | null) {
  storeSession(buildUser({ role: 'AD', is_staff: true }));
  server.use(
    http.get('/api/admin/system/', () =>
      system ? HttpResponse.json(system) : HttpResponse.json({ detail: 'down', code: 'unavailable' }, { status: 503 }),
    ),
  );
  return renderPage(<SystemPage />, { path: '/admin/system' });
}

describe('SystemPage', () => {
  it('shows the loading state, then the instance, the outbox and every job with its status', async () => {
    renderSystem(buildSystem());
    expect(screen.getByRole('status')).toHaveTextContent(SYSTEM_MESSAGES.loading);
    expect(await screen.findByText('PostgreSQL')).toBeInTheDocument();
    expect(screen.getByText('0.1.0')).toBeInTheDocument();
    expect(screen.getByText('Local disk')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/mail-delivery\s*OK/);
    expect(rows[2]).toHaveTextContent(/event-reminders\s*Not run yet\s*Never\s*Never\s*0/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('makes a failing job visible at a glance: an alert naming it, a red status and its last error', async () => {
    renderSystem(
      buildSystem({
        jobs: [
          {
            name: 'mail-delivery',
            last_run_at: ago(5_000),
            last_success_at: ago(HOUR),
            failures_24h: 12,
            last_error: 'connect ECONNREFUSED',
          },
          { name: 'data-export', last_run_at: ago(HOUR), last_success_at: ago(HOUR), failures_24h: 1, last_error: 'disk full' },
        ],
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('1 job is failing: mail-delivery');
    const [, failing, recovered] = within(screen.getByRole('table')).getAllByRole('row');
    expect(failing).toHaveTextContent('Failing');
    expect(failing).toHaveTextContent('connect ECONNREFUSED');
    // Failed earlier today but succeeded on its last run: recovered, not failing.
    expect(recovered).toHaveTextContent('OK');
    expect(recovered).not.toHaveTextContent('disk full');
  });

  it('shows the empty state when no job is declared', async () => {
    renderSystem(buildSystem({ jobs: [] }));
    expect(await screen.findByText(SYSTEM_MESSAGES.noJobs)).toBeInTheDocument();
  });

  it('shows the error state with Reload when the status cannot be read', async () => {
    renderSystem(null);
    expect(await screen.findByText(SYSTEM_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
