import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@alumlink/contract';
import { authHeader, useTestApp, createUser, type TestUser } from '../../test/index';

const t = useTestApp();

const DEFAULTS = {
  theme: 'Default',
  profile_visibility: 'Public',
  dashboard_layout: 'Grid',
  activity_tracking: true,
  two_factor: false,
  notification_type: 'Email',
  listed_in_directory: true,
  widgets: { analytics: true, recent_activity: true, upcoming_events: true, job_alerts: false },
};

async function get(user: TestUser) {
  return t.app.inject({ url: '/social/settings/', headers: await authHeader(t.app, user) });
}
async function put(user: TestUser, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: '/social/settings/', headers: await authHeader(t.app, user), payload: payload as object });
}

describe('settings', () => {
  it('answers the defaults before anything is saved', async () => {
    const user = await createUser(t.db);
    const response = await get(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULTS);
  });

  it('saves partial updates (widgets too) and keeps the rest', async () => {
    const user = await createUser(t.db);
    const first = await put(user, { theme: 'Dark', widgets: { job_alerts: true } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULTS, theme: 'Dark', widgets: { ...DEFAULTS.widgets, job_alerts: true } });
    await put(user, {
      profile_visibility: 'Only Connections',
      dashboard_layout: 'Compact',
      activity_tracking: false,
      notification_type: 'Email',
      widgets: { analytics: false },
    });
    expect((await get(user)).json()).toEqual({
      ...DEFAULTS,
      theme: 'Dark',
      profile_visibility: 'Only Connections',
      dashboard_layout: 'Compact',
      activity_tracking: false,
      notification_type: 'Email',
      widgets: { analytics: false, recent_activity: true, upcoming_events: true, job_alerts: true },
    });
    expect((await put(user, {})).json().theme).toBe('Dark');
    // Someone else's settings are untouched.
    expect((await get(await createUser(t.db))).json()).toEqual(DEFAULTS);
  });

  it('refuses SMS with its message and unknown values with field errors', async () => {
    const user = await createUser(t.db);
    const sms = await put(user, { notification_type: 'SMS' });
    expect(sms.statusCode).toBe(400);
    expect(sms.json()).toEqual({ notification_type: ['SMS notifications are not available yet.'] });
    const bad = await put(user, { theme: 'Pink', profile_visibility: 'Friends', activity_tracking: 'yes', widgets: { analytics: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['activity_tracking', 'profile_visibility', 'theme', 'widgets']);
    expect((await get(user)).json()).toEqual(DEFAULTS);
  });

  it('turning two-factor off needs the current password; turning it on does not', async () => {
    const user = await createUser(t.db);
    const on = await put(user, { two_factor: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().two_factor).toBe(true);

    const cases: [Record<string, unknown>, string][] = [
      [{ two_factor: false, theme: 'Dark' }, ACCOUNT_MESSAGES.currentPasswordRequired],
      [{ two_factor: false, theme: 'Dark', current_password: '' }, ACCOUNT_MESSAGES.currentPasswordRequired],
      [{ two_factor: false, theme: 'Dark', current_password: 'not-my-password-1' }, ACCOUNT_MESSAGES.currentPasswordWrong],
    ];
    for (const [body, message] of cases) {
      const refused = await put(user, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toEqual({ current_password: [message] });
    }
    // Nothing changed, not even the other fields of the refused requests.
    expect((await get(user)).json()).toEqual({ ...DEFAULTS, two_factor: true });
    // Sending two_factor: true again (the page saves every field) needs no password.
    expect((await put(user, { ...DEFAULTS, two_factor: true, theme: 'Blue' })).statusCode).toBe(200);

    const off = await put(user, { two_factor: false, current_password: user.password });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...DEFAULTS, theme: 'Blue', two_factor: false });
    // Already off: saving the whole form with two_factor false needs no password either.
    expect((await put(user, { ...DEFAULTS, theme: 'Light' })).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/social/settings/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/social/settings/', payload: { theme: 'Dark' } })).statusCode).toBe(401);
  });
});
