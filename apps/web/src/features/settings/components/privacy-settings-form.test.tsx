import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_PRIVACY, DEFAULT_SETTINGS, type FieldPrivacy } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { FIELD_PRIVACY_TEXTS, PrivacySettingsForm } from './privacy-settings-form';

function renderSection(saved: FieldPrivacy | 'error' = DEFAULT_FIELD_PRIVACY) {
  storeSession(buildUser());
  server.use(
    http.get('/social/settings/privacy/', () =>
      saved === 'error' ? HttpResponse.json({ detail: 'down' }, { status: 500 }) : HttpResponse.json(saved),
    ),
  );
  return renderPage(<PrivacySettingsForm initial={DEFAULT_SETTINGS} />, { path: '/user/settings/privacy' });
}

describe('PrivacySettingsForm', () => {
  it('shows each field with its saved audience, and saves a change', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('/social/settings/privacy/', async ({ request }) => {
        const body = (await request.json()) as FieldPrivacy;
        bodies.push(body);
        return HttpResponse.json({ ...DEFAULT_FIELD_PRIVACY, ...body });
      }),
    );
    const { user } = renderSection({ ...DEFAULT_FIELD_PRIVACY, skills: 'connections' });
    expect(await screen.findByRole('combobox', { name: 'Phone' })).toHaveValue('only_me');
    expect(screen.getByRole('combobox', { name: 'Email' })).toHaveValue('everyone');
    expect(screen.getByRole('combobox', { name: 'Skills' })).toHaveValue('connections');
    const save = screen.getByRole('button', { name: 'Save privacy' });
    expect(save).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Email' }), 'Only me');
    await user.click(save);
    expect(await screen.findByText(FIELD_PRIVACY_TEXTS.saved)).toBeInTheDocument();
    expect(bodies).toEqual([{ ...DEFAULT_FIELD_PRIVACY, skills: 'connections', email: 'only_me' }]);
  }, 15_000);

  it('saves the profile audience and a detail together with one Save', async () => {
    const settingsBodies: unknown[] = [];
    const fieldBodies: unknown[] = [];
    server.use(
      http.put('/social/settings/', async ({ request }) => {
        const body = (await request.json()) as object;
        settingsBodies.push(body);
        return HttpResponse.json({ ...DEFAULT_SETTINGS, ...body });
      }),
      http.put('/social/settings/privacy/', async ({ request }) => {
        const body = (await request.json()) as FieldPrivacy;
        fieldBodies.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderSection();
    await user.click(await screen.findByRole('radio', { name: 'Only Connections' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Skills' }), 'Only me');
    expect(screen.getAllByRole('button', { name: /^Save/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(await screen.findByText(FIELD_PRIVACY_TEXTS.saved)).toBeInTheDocument();
    expect(settingsBodies).toEqual([
      {
        profile_visibility: 'Only Connections',
        listed_in_directory: DEFAULT_SETTINGS.listed_in_directory,
        activity_tracking: DEFAULT_SETTINGS.activity_tracking,
      },
    ]);
    expect(fieldBodies).toEqual([{ ...DEFAULT_FIELD_PRIVACY, skills: 'only_me' }]);
    expect(screen.getByRole('button', { name: 'Save privacy' })).toBeDisabled();
  }, 15_000);

  it('offers a retry when loading fails', async () => {
    renderSection('error');
    expect(await screen.findByText(FIELD_PRIVACY_TEXTS.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
