import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { appRoutes } from '../router';

const empty = { results: [], next: null };

describe('admin routes', () => {
  it.each([
    ['/admin/managepost', 'Manage Posts', '/social/admin/posts/', empty],
    ['/admin/referral', 'Alumni Referrals', '/api/admin/referrals/', empty],
    ['/admin/roleupdater', 'User Role Management', '/users/', { ...empty, count: 0 }],
    ['/admin/audit-log', 'Audit Log', '/api/admin/audit-log/', empty],
    ['/admin/jobs', 'Job Posts', '/api/admin/jobs/', empty],
    ['/admin/events', 'Events', '/api/events/', empty],
    [
      '/admin/system',
      'System',
      '/api/admin/system/',
      {
        version: '0.1.0',
        started_at: '2026-01-01T00:00:00.000Z',
        workers: 1,
        database: { kind: 'pglite' },
        storage: { kind: 'local' },
        outbox: { pending: 0, oldest_at: null, failed_24h: 0 },
        jobs: [],
      },
    ],
  ])('%s shows %s inside the admin shell', async (path, heading, endpoint, body) => {
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    server.use(http.get(endpoint, () => HttpResponse.json(body)));
    renderRoutes(appRoutes, { path });
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Admin Portal')).toBeInTheDocument();
  });
});

describe('admin profile route', () => {
  it("/admin/profile/ shows the administrator's own profile with Edit Profile", async () => {
    const admin = buildUser({ role: 'AD', is_staff: true, first_name: 'Ada', last_name: 'Admin' });
    storeSession(admin);
    server.use(
      http.get('/social/user-profiles/me/', () => HttpResponse.json(admin)),
      http.get('/social/posts/user-posts/', () => HttpResponse.json(empty)),
    );
    renderRoutes(appRoutes, { path: '/admin/profile/' });
    expect(await screen.findByRole('button', { name: /Edit Profile/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByText('Ada Admin').length).toBeGreaterThan(0);
  });
});
