import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { Outlet } from 'react-router';
import { AdminShell } from './admin-shell';

function renderShell(onLogout = vi.fn()) {
  storeSession(buildUser({ id: 1, role: 'AD', is_staff: true }));
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
});
