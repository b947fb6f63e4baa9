import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_PRIVACY, type FieldPrivacy } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { FIELD_PRIVACY_TEXTS, FieldPrivacySection } from './field-privacy-section';

function renderSection(saved: FieldPrivacy | 'error' = DEFAULT_FIELD_PRIVACY) {
  storeSession(buildUser());
  server.use(
    http.get('/social/settings/privacy/', () =>
      saved === 'error' ? HttpResponse.json({ detail: 'down' }, { status: 500 }) : HttpResponse.json(saved),
    ),
  );
  return renderPage(<FieldPrivacySection />, { path: '/user/settings' });
}

describe('FieldPrivacySection', () => {
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

  it('offers a retry when loading fails', async () => {
    renderSection('error');
    expect(await screen.findByText(FIELD_PRIVACY_TEXTS.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
