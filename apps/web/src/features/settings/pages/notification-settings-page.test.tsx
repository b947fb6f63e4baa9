import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationSettings } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { NotificationSettingsPage } from './notification-settings-page';

const URL = '/social/settings/notifications/';

function renderNotificationSettings(saved: NotificationSettings = { types: DEFAULT_NOTIFICATION_PREFERENCES }) {
  storeSession(buildUser());
  server.use(http.get(URL, () => HttpResponse.json(saved)));
  return renderPage(<NotificationSettingsPage />, { path: '/user/settings/notifications' });
}

describe('NotificationSettingsPage', () => {
  it('shows every type with its in-app switch and e-mail choice', async () => {
    renderNotificationSettings();
    expect(screen.getByRole('status', { name: 'Loading notification settings' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Notification types: in the app and by e-mail' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Likes',
      'Comments',
      'Messages',
      'Referrals',
      'Mentoring',
      'Events',
      'Moderation',
      'Role changes by cohort',
      'Mentions',
    ]);
    expect(screen.getByRole('switch', { name: 'Likes in the app' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Likes by e-mail' })).toHaveValue('off');
    expect(screen.getByRole('combobox', { name: 'Messages by e-mail' })).toHaveValue('instant');
    expect(screen.getByRole('combobox', { name: 'Comments by e-mail' })).toHaveValue('daily');
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();
  });

  it('saves the changed choices and shows what the server answered', async () => {
    const bodies: unknown[] = [];
    const { user } = renderNotificationSettings();
    server.use(
      http.put(URL, async ({ request }) => {
        const body = (await request.json()) as NotificationSettings;
        bodies.push(body);
        return HttpResponse.json({ types: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...body.types } });
      }),
    );
    await user.click(await screen.findByRole('switch', { name: 'Messages in the app' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Likes by e-mail' }), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        types: {
          ...DEFAULT_NOTIFICATION_PREFERENCES,
          like: { in_app: true, email: 'weekly' },
          message: { in_app: false, email: 'instant' },
        },
      },
    ]);
    expect(screen.getByRole('switch', { name: 'Messages in the app' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();
  });

  it('the single In-App / Email choice rewrites the e-mail column, saved with the table', async () => {
    const bodies: NotificationSettings[] = [];
    const { user } = renderNotificationSettings();
    server.use(
      http.put(URL, async ({ request }) => {
        const body = (await request.json()) as NotificationSettings;
        bodies.push(body);
        return HttpResponse.json(body);
      }),
    );
    expect(await screen.findByRole('radio', { name: 'Email' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /SMS/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'In-App' }));
    expect(screen.getByRole('combobox', { name: 'Messages by e-mail' })).toHaveValue('off');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    expect(Object.values(bodies[0]!.types).every((choice) => choice.email === 'off')).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    expect(screen.getByRole('combobox', { name: 'Likes by e-mail' })).toHaveValue('daily');
  }, 15_000);

  it('shows the error when saving fails, and an error with a retry when loading fails', async () => {
    storeSession(buildUser());
    let calls = 0;
    server.use(
      http.get(URL, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Down', code: 'unavailable' }, { status: 503 })
          : HttpResponse.json({ types: DEFAULT_NOTIFICATION_PREFERENCES });
      }),
      http.put(URL, () =>
        HttpResponse.json({ detail: 'Too many requests. Try again in 5 seconds.', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { user } = renderPage(<NotificationSettingsPage />, { path: '/user/settings/notifications' });
    expect(await screen.findByText('Failed to load notification settings. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Events by e-mail' }), 'off');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 5 seconds.');
  });
});
