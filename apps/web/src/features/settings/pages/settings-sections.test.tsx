import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, DEFAULT_FIELD_PRIVACY, DEFAULT_SETTINGS, type Settings } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import type { ComponentType } from 'react';
import { AccountSettingsPage } from './account-settings-page';
import { PrivacySettingsPage } from './privacy-settings-page';
import { ProfileSettingsPage } from './profile-settings-page';

function renderSettings(saved: Settings = DEFAULT_SETTINGS, Page: ComponentType = AccountSettingsPage, path = '/user/settings/account') {
  storeSession(buildUser());
  server.use(
    http.get('/social/settings/', () => HttpResponse.json(saved)),
    http.get('/api/account/export/', () => HttpResponse.json(null)),
    http.get('/social/settings/privacy/', () => HttpResponse.json(DEFAULT_FIELD_PRIVACY)),
    // The demo person is an alumnus: the page also shows their mentor card.
    http.get('/api/mentoring/profile/', () =>
      HttpResponse.json({ is_mentor: false, topics: [], capacity: 3, about: '', accepting: true, active_count: 0 }),
    ),
  );
  return renderPage(<Page />, { path });
}

describe('settings sections', () => {
  it('shows the saved settings, each in its section', async () => {
    const saved: Settings = { ...DEFAULT_SETTINGS, profile_visibility: 'Only Connections', two_factor: true };
    const privacy = renderSettings(saved, PrivacySettingsPage, '/user/settings/privacy');
    expect(screen.getByRole('status', { name: 'Loading settings' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Only Connections' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Activity tracking' })).toBeChecked();
    privacy.unmount();

    const profile = renderSettings(saved, ProfileSettingsPage, '/user/settings/profile');
    expect(await screen.findByRole('radio', { name: 'Default' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
    const widgets = screen.getByRole('group', { name: 'Widgets' });
    expect(within(widgets).getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
    expect(within(widgets).getByRole('checkbox', { name: 'Recent Activity' })).toBeChecked();
    expect(within(widgets).getByRole('checkbox', { name: 'Upcoming Events' })).toBeChecked();
    expect(within(widgets).getByRole('checkbox', { name: 'Job Alerts' })).not.toBeChecked();
    expect(screen.getAllByRole('button', { name: /^Save profile settings$/ })).toHaveLength(1);
    profile.unmount();

    renderSettings(saved);
    expect(await screen.findByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
  }, 15_000);

  it("applies a theme at once (stored under `theme`) and saves only the section's fields", async () => {
    const bodies: unknown[] = [];
    const { user } = renderSettings(DEFAULT_SETTINGS, ProfileSettingsPage, '/user/settings/profile');
    server.use(
      http.put('/social/settings/', async ({ request }) => {
        const body = (await request.json()) as Partial<Settings>;
        bodies.push(body);
        return HttpResponse.json({ ...DEFAULT_SETTINGS, ...body });
      }),
    );
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('Dark');
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Compact' }));
    await user.click(screen.getByRole('checkbox', { name: 'Job Alerts' }));
    await user.click(screen.getByRole('checkbox', { name: 'Analytics' }));
    await user.click(screen.getByRole('button', { name: 'Save profile settings' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        theme: 'Dark',
        dashboard_layout: 'Compact',
        widgets: { analytics: false, recent_activity: true, upcoming_events: true, job_alerts: true },
      },
    ]);

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('Light');
  }, 15_000);

  it("turns two-factor on with the Account section's Save", async () => {
    const bodies: unknown[] = [];
    const { user } = renderSettings();
    server.use(
      http.put('/social/settings/', async ({ request }) => {
        const body = (await request.json()) as Partial<Settings>;
        bodies.push(body);
        return HttpResponse.json({ ...DEFAULT_SETTINGS, ...body });
      }),
    );
    await user.click(await screen.findByRole('switch', { name: 'Two-factor authentication' }));
    await user.click(screen.getByRole('button', { name: 'Save security' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ two_factor: true }]);
  }, 15_000);

  it("toasts the server's message when saving fails", async () => {
    const { user } = renderSettings();
    server.use(
      http.put('/social/settings/', () =>
        HttpResponse.json({ notification_type: ['SMS notifications are not available yet.'] }, { status: 400 }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save security' }));
    expect(await screen.findByText('SMS notifications are not available yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the settings cannot be loaded', async () => {
    storeSession(buildUser({ role: 'TR' }));
    let calls = 0;
    server.use(
      http.get('/social/settings/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Down', code: 'unavailable' }, { status: 503 })
          : HttpResponse.json(DEFAULT_SETTINGS);
      }),
      http.get('/api/account/export/', () => HttpResponse.json(null)),
      http.get('/social/settings/privacy/', () => HttpResponse.json(DEFAULT_FIELD_PRIVACY)),
    );
    const { user } = renderPage(<AccountSettingsPage />, { path: '/user/settings/account' });
    expect(await screen.findByText('Failed to load settings. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('button', { name: 'Save security' })).toBeInTheDocument();
  });

  it('asks for the current password in a dialog before turning two-factor off', async () => {
    const bodies: unknown[] = [];
    const { user } = renderSettings({ ...DEFAULT_SETTINGS, two_factor: true });
    server.use(
      http.put('/social/settings/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.current_password !== 'my-password-1') {
          return HttpResponse.json({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] }, { status: 400 });
        }
        return HttpResponse.json({ ...DEFAULT_SETTINGS, two_factor: false });
      }),
    );
    const toggle = await screen.findByRole('switch', { name: 'Two-factor authentication' });

    // Cancel: nothing is sent, the switch stays on and gets the focus back.
    await user.click(toggle);
    let dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    expect(within(dialog).getByLabelText('Current password')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(toggle).toBeChecked();
    expect(bodies).toEqual([]);

    // Focus stays in the dialog (Tab from the last button wraps inside it).
    await user.click(toggle);
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    const password = within(dialog).getByLabelText('Current password');
    await user.type(password, 'wrong-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordWrong);
    expect(toggle).toBeChecked();
    for (let step = 0; step < 4; step += 1) await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.clear(password);
    await user.type(password, 'my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(bodies.at(-1)).toEqual({ two_factor: false, current_password: 'my-password-1' });
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
  }, 20_000);

  it('changes the password (fresh tokens stored) and shows field errors under the fields', async () => {
    const bodies: unknown[] = [];
    const { user } = renderSettings();
    server.use(
      http.post('/api/account/password/', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        if (body.current_password !== 'old-password-1')
          return HttpResponse.json({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] }, { status: 400 });
        return HttpResponse.json({ detail: ACCOUNT_MESSAGES.passwordChanged, tokens: { access: 'access-2', refresh: 'refresh-2' } });
      }),
    );
    const form = await screen.findByRole('form', { name: 'Change password' });
    expect(screen.getByRole('heading', { name: 'Sign-in and security' })).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Current password'), 'not-it-1');
    await user.type(within(form).getByLabelText('New password'), 'new-password-2');
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-password-2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordWrong);

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      current_password: 'old-password-1',
      new_password: 'new-password-2',
      new_password_confirm: 'new-password-2',
    });
    expect(window.localStorage.getItem('access_token')).toBe('access-2');
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  }, 20_000);

  it('changes the email in two steps: password and new address, then the code', async () => {
    const { user } = renderSettings();
    server.use(
      http.post('/api/account/email/', () => HttpResponse.json({ detail: ACCOUNT_MESSAGES.emailCodeSent, new_email: 'new@example.com' })),
      http.post('/api/account/email/confirm/', async ({ request }) => {
        const body = (await request.json()) as { otp: string };
        if (body.otp !== '123456') return HttpResponse.json({ detail: 'Invalid OTP.', code: 'invalid_otp' }, { status: 400 });
        return HttpResponse.json({ detail: ACCOUNT_MESSAGES.emailChanged, user: buildUser({ email: 'new@example.com' }) });
      }),
    );
    const form = await screen.findByRole('form', { name: 'Change email' });
    await user.type(within(form).getByLabelText('New email'), 'new@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.emailCodeSent)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Code from the new address'), '000000');
    await user.click(within(form).getByRole('button', { name: 'Confirm new email' }));
    expect(await within(form).findByText('Invalid OTP.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Code from the new address'));
    await user.type(within(form).getByLabelText('Code from the new address'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').email).toBe('new@example.com');
    expect(await within(form).findByText('Your email is new@example.com.')).toBeInTheDocument();
  }, 20_000);
});
