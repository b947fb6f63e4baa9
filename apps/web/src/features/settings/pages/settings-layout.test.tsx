import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchMediaQueries } from '@/testing/match-media';
import { renderRoutes } from '@/testing/render';
import { SettingsIndexPage, PHONE_QUERY } from './settings-index-page';
import { SettingsLayout } from './settings-layout';

function renderSettingsAt(path: string) {
  const section = (name: string) => <p>{name} section</p>;
  return renderRoutes(
    [
      {
        path: '/user/settings',
        element: <SettingsLayout />,
        children: [
          { index: true, element: <SettingsIndexPage /> },
          { path: '/user/settings/profile', element: section('Profile') },
          { path: '/user/settings/privacy', element: section('Privacy') },
          { path: '/user/settings/notifications', element: section('Notifications') },
          { path: '/user/settings/account', element: section('Account') },
        ],
      },
    ],
    { path },
  );
}

describe('settings sections', () => {
  it('on a desktop opens the first section, with a tab per section that leads to its own URL', async () => {
    const { user, router } = renderSettingsAt('/user/settings');
    expect(await screen.findByText('Profile section')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/settings/profile');
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Profile', 'Privacy', 'Notifications', 'Account']);
    expect(within(tabs).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications section')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/settings/notifications');
  });

  it('on a phone lists the sections, and a section links back to the list', async () => {
    matchMediaQueries(PHONE_QUERY);
    const { user } = renderSettingsAt('/user/settings');
    const lists = screen.getAllByRole('navigation', { name: 'Settings sections' });
    await user.click(within(lists[lists.length - 1]!).getByRole('link', { name: /Privacy/ }));
    expect(await screen.findByText('Privacy section')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All settings' })).toHaveAttribute('href', '/user/settings');
  });

  it('sends the "your data is ready" link (/user/settings#your-data) to the Account section', async () => {
    const { router } = renderSettingsAt('/user/settings#your-data');
    expect(await screen.findByText('Account section')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#your-data');
  });
});
