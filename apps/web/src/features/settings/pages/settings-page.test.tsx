import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { SettingsPage } from './settings-page';

function renderSettings(saved: Settings = DEFAULT_SETTINGS) {
  storeSession(buildUser());
  server.use(http.get('/social/settings/', () => HttpResponse.json(saved)));
  return renderPage(<SettingsPage />, { path: '/user/settings' });
}

describe('SettingsPage', () => {
  it('shows the saved settings, with SMS offered but not available', async () => {
    renderSettings({ ...DEFAULT_SETTINGS, profile_visibility: 'Only Connections', two_factor: true });
    expect(screen.getByRole('status', { name: 'Loading settings' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Only Connections' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Default' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Activity tracking' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'In-App' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /SMS/ })).toBeDisabled();
    expect(screen.getByText('not available')).toBeInTheDocument();
    const widgets = screen.getByRole('group', { name: 'Widgets' });
    expect(within(widgets).getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
    expect(within(widgets).getByRole('checkbox', { name: 'Recent Activity' })).toBeChecked();
    expect(within(widgets).getByRole('checkbox', { name: 'Upcoming Events' })).toBeChecked();
    expect(within(widgets).getByRole('checkbox', { name: 'Job Alerts' })).not.toBeChecked();
   }, 15_000);

  it('applies a theme at once (stored under `theme`) and saves every change on the server', async () => {
    const bodies: unknown[] = [];
    const { user } = renderSettings();
    server.use(
      http.put('/social/settings/', async ({ request }) => {
        const body = (await request.json()) as Settings;
        bodies.push(body);
        return HttpResponse.json(body);
      }),
    );
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('Dark');
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Compact' }));
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('switch', { name: 'Two-factor authentication' }));
    await user.click(screen.getByRole('checkbox', { name: 'Job Alerts' }));
    await user.click(screen.getByRole('checkbox', { name: 'Analytics' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        ...DEFAULT_SETTINGS,
        theme: 'Dark',
        dashboard_layout: 'Compact',
        notification_type: 'Email',
        two_factor: true,
        widgets: { analytics: false, recent_activity: true, upcoming_events: true, job_alerts: true },
      },
    ]);

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('Light');
  }, 15_000);

  it("toasts the server's message when saving fails", async () => {
    const { user } = renderSettings();
    server.use(http.put('/social/settings/', () => HttpResponse.json({ notification_type: ['SMS notifications are not available yet.'] }, { status: 400 })));
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('SMS notifications are not available yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the settings cannot be loaded', async () => {
    storeSession(buildUser());
    let calls = 0;
    server.use(
      http.get('/social/settings/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ detail: 'Down', code: 'unavailable' }, { status: 503 }) : HttpResponse.json(DEFAULT_SETTINGS);
      }),
    );
    const { user } = renderPage(<SettingsPage />, { path: '/user/settings' });
    expect(await screen.findByText('Failed to load settings. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('button', { name: 'Save settings' })).toBeInTheDocument();
  });
});
