import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { UserShell } from './user-shell';

function renderShell({ onCreatePost = vi.fn(), onLogout = vi.fn() } = {}) {
  const view = renderRoutes(
    [
      {
        path: '/user/*',
        element: (
          <UserShell
            logo={<a href="/">AlumLink</a>}
            search={<input aria-label="Search people" />}
            themeToggle={null}
            onCreatePost={onCreatePost}
            onLogout={onLogout}
          >
            <p>Page body</p>
          </UserShell>
        ),
      },
      { path: '/login', element: <p>Login stub</p> },
    ],
    { path: '/user' },
  );
  return { ...view, onCreatePost, onLogout };
}

describe('UserShell', () => {
  it('sends visitors without a stored user or access token to /login', async () => {
    window.localStorage.setItem('user', JSON.stringify(buildUser()));
    renderShell();
    expect(await screen.findByText('Login stub')).toBeInTheDocument();
  });

  it('has the sidebar of the specification, Create opening the dialog and Logout', async () => {
    storeSession(buildUser({ username: 'alexm', role: 'AL' }));
    const { user, onCreatePost, onLogout } = renderShell();
    expect(screen.getByText('Page body')).toBeInTheDocument();
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    if (!sidebar) throw new Error('no sidebar');
    const names = [...sidebar.querySelectorAll('a, button')].map((element) => element.textContent);
    expect(names).toEqual([
      'Home',
      'Create',
      'People',
      'Referrals',
      'Mentoring',
      'Messages',
      'Jobs',
      'Events',
      'Profile',
      'Settings',
      'Logout',
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/user/events');
    expect(within(sidebar).getByRole('link', { name: 'Referrals' })).toHaveAttribute('href', '/user/referrals');
    expect(within(sidebar).getByRole('link', { name: 'People' })).toHaveAttribute('href', '/user/people');
    await user.click(within(sidebar).getByRole('button', { name: 'Create' }));
    expect(onCreatePost).toHaveBeenCalledTimes(1);
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('has the phone tab bar (Home, Create, Messages, Jobs, Profile) and the top bar links', () => {
    storeSession(buildUser());
    renderShell();
    const tabBar = screen.getAllByRole('navigation', { name: 'Main' })[1];
    if (!tabBar) throw new Error('no tab bar');
    expect([...tabBar.querySelectorAll('a, button')].map((element) => element.textContent)).toEqual([
      'Home',
      'Create',
      'Messages',
      'Jobs',
      'Profile',
    ]);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/user/messages');
    expect(within(banner).getByRole('link', { name: 'Your profile' })).toHaveAttribute('href', '/user/profile');
  });

  it('opens the phone menu (its code loaded on first use) at the first click of More', async () => {
    storeSession(buildUser());
    const { user, onLogout } = renderShell();
    await user.click(screen.getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['People', 'Referrals', 'Mentoring', 'Events', 'Settings', 'Dark theme', 'Logout']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows the account card (its code loaded on first hover) while the pointer is on the avatar', async () => {
    storeSession(buildUser({ username: 'alexm', role: 'AL' }));
    const { user } = renderShell();
    await user.hover(screen.getByRole('link', { name: 'Your profile' }));
    expect(await screen.findByText('alexm')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your profile' })).toHaveAttribute('href', '/user/profile');
  });
});
