import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildAuditEntry, buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { AUDIT_LOG_MESSAGES, AuditLogPage } from './audit-log-page';

describe('AuditLogPage', () => {
  it('lists entries, filters by action and pages on', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/api/admin/audit-log/', ({ request }) => {
        const url = new URL(request.url);
        const action = url.searchParams.get('action') ?? '';
        const cursor = url.searchParams.get('cursor');
        seen.push(`${action}|${cursor ?? ''}`);
        if (action === 'user.role_change') {
          return HttpResponse.json(
            page([
              buildAuditEntry({
                action,
                target: { type: 'user', id: 4, label: 'tom@example.com' },
                reason: null,
                details: { from: 'TR', to: 'AL' },
              }),
            ]),
          );
        }
        if (cursor === 'c2') return HttpResponse.json(page([buildAuditEntry({ target: { type: 'post', id: 2, label: 'Older post' } })]));
        return HttpResponse.json(page([buildAuditEntry({ target: { type: 'post', id: 3, label: 'Newest post' } })], 'c2'));
      }),
    );
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const { user } = renderPage(<AuditLogPage />, { path: '/admin/audit-log' });
    expect(screen.getByText(AUDIT_LOG_MESSAGES.loading)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Newest post')).toBeInTheDocument();
    expect(within(table).getByText('Scam or fraud')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older post')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Action'), 'user.role_change');
    expect(await screen.findByText('TR → AL')).toBeInTheDocument();
    expect(screen.queryByText('Newest post')).not.toBeInTheDocument();
    expect(seen).toEqual(['|', '|c2', 'user.role_change|']);
  });

  it('shows the empty state', async () => {
    server.use(http.get('/api/admin/audit-log/', () => HttpResponse.json(page([]))));
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    renderPage(<AuditLogPage />, { path: '/admin/audit-log' });
    expect(await screen.findByText(AUDIT_LOG_MESSAGES.empty)).toBeInTheDocument();
  });
});
