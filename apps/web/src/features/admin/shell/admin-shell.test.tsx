import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { Outlet } from 'react-router';
import { AdminShell } from './admin-shell';

function renderShell(onLogout = vi.fn(), counts = { open_reports: 0, open_appeals: 0 }) {
  storeSession(buildUser({ id: 1, role: 'AD', is_staff: true }));
  server.use(http.get('/social/admin/queue-counts/', () => HttpResponse.json(counts)));
  const routes = [
    {
      element: (
        <AdminShell logo={<span>Logo</span>} themeToggle={null} onLogout={onLogout}>
          <Outlet />
        </AdminShell>
      ),
      children: [
        { path: '/admin', element: <h1>Dashboard page</h1> },
        { path: '/admin/managepost', element: <h1>Manage posts page</h1> },
        { path: '/admin/profile', element: <h1>Profile page</h1> },
      ],
    },
    { path: '/user', element: <h1>Member home</h1> },
  ];
  return { ...renderRoutes(routes, { path: '/admin' }), onLogout };
}

describe('AdminShell', () => {
  it('has the Admin Portal top bar with the profile link and Logout', async () => {
    const { user, onLogout, router } = renderShell();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Admin Portal')).toBeInTheDocument();
    await user.click(within(banner).getByRole('link', { name: 'Profile' }));
    expect(router.state.location.pathname).toBe('/admin/profile');
    await user.click(within(banner).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('lists the side menu in order and marks the current page', () => {
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/admin'],
      ['Job Posts', '/admin/jobs'],
      ['Events', '/admin/events'],
      ['Manage Posts', '/admin/managepost'],
      ['Reports', '/admin/reports'],
      ['Appeals', '/admin/appeals'],
      ['Referrals', '/admin/referral'],
      ['Mentoring', '/admin/mentoring'],
      ['Outcomes', '/admin/outcomes'],
      ['Update User Role', '/admin/roleupdater'],
      ['Audit Log', '/admin/audit-log'],
      ['Cohorts', '/admin/cohorts'],
      ['Invitations', '/admin/invitations'],
      ['Roster', '/admin/roster'],
      ['System', '/admin/system'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the menu on small screens with an accessible button that closes on navigation and Escape', async () => {
    const { user } = renderShell();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'admin-side-menu');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Manage Posts' }));
    expect(await screen.findByRole('heading', { name: 'Manage posts page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('counts the open reports and appeals beside their links', async () => {
    renderShell(vi.fn(), { open_reports: 3, open_appeals: 120 });
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(await within(nav).findByRole('link', { name: 'Reports, 3 open' }, { timeout: 5000 })).toHaveAttribute('href', '/admin/reports');
    const appeals = within(nav).getByRole('link', { name: 'Appeals, 120 open' });
    expect(appeals).toHaveTextContent('99+');
    // Nothing waiting: no badge.
    expect(within(nav).getByRole('link', { name: 'Home' }).textContent).toBe('Home');
  });

  it('leads back to the member area and to Events', async () => {
    const { user, router } = renderShell();
    const memberArea = screen.getByRole('navigation', { name: 'Member area' });
    expect(within(memberArea).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/user/events');
    await user.click(within(memberArea).getByRole('link', { name: 'Member area' }));
    expect(router.state.location.pathname).toBe('/user');
    expect(await screen.findByRole('heading', { name: 'Member home' })).toBeInTheDocument();
  });
});
