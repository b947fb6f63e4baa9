import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { YOUR_DATA_MESSAGES, type DataExport } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { getAccessToken } from '@/lib/storage';
import { DELETE_ACCOUNT_TEXTS } from './delete-account-dialog';
import { DOWNLOAD_DATA_TEXTS } from './download-data-panel';
import { YourDataSection } from './your-data-section';

const pending: DataExport = {
  id: 7,
  status: 'pending',
  requested_at: '2030-05-01T10:00:00.000Z',
  download_url: null,
  expires_at: null,
  size_bytes: null,
};
const ready: DataExport = {
  ...pending,
  status: 'ready',
  download_url: '/api/account/export/7/download/',
  expires_at: '2030-05-08T10:00:00.000Z',
  size_bytes: 3 * 1024 * 1024,
};

function renderSection(latest: DataExport | null | 'error') {
  storeSession(buildUser());
  server.use(
    http.get('/api/account/export/', () =>
      latest === 'error' ? HttpResponse.json({ detail: 'x', code: 'x' }, { status: 500 }) : HttpResponse.json(latest),
    ),
  );
  return renderPage(<YourDataSection />, { path: '/user/settings', stubs: ['/login'] });
}

// Rendering with the app's providers is slow on a busy machine: a generous limit per test.
describe('YourDataSection: download my data', { timeout: 20_000 }, () => {
  it('starts an export when there is none, then shows it is being prepared', async () => {
    const { user } = renderSection(null);
    server.use(
      http.post('/api/account/export/', () =>
        HttpResponse.json({ detail: YOUR_DATA_MESSAGES.exportStarted, export: pending }, { status: 202 }),
      ),
    );
    expect(screen.getByRole('status', { name: 'Loading your data export' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: DOWNLOAD_DATA_TEXTS.start }));
    expect(await screen.findByText(DOWNLOAD_DATA_TEXTS.pending)).toBeInTheDocument();
    expect(screen.getByText('Preparing', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: DOWNLOAD_DATA_TEXTS.start })).toBeDisabled();
  });

  it('downloads a ready export through a one-time ticket minted with the session', async () => {
    const { user } = renderSection(ready);
    const tickets: (string | null)[] = [];
    server.use(
      http.post('/api/account/export/7/ticket/', ({ request }) => {
        tickets.push(request.headers.get('authorization'));
        return HttpResponse.json({ url: '/api/account/export/tickets/abc/', expires_at: '2030-05-01T10:01:00.000Z' });
      }),
    );
    // jsdom cannot navigate: record where the browser would go instead.
    const followed: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.href);
    });
    try {
      expect(await screen.findByText(/Available until/)).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: `${DOWNLOAD_DATA_TEXTS.download} (3.0 MB)` }));
      await waitFor(() => expect(followed).toEqual([`${window.location.origin}/api/account/export/tickets/abc/`]));
      expect(tickets).toEqual([`Bearer ${getAccessToken()}`]);
      expect(screen.queryByRole('link', { name: /Download zip/ })).toBeNull();
    } finally {
      click.mockRestore();
    }
  });

  it('says so when the ticket is refused (the export expired meanwhile)', async () => {
    const { user } = renderSection(ready);
    server.use(
      http.post('/api/account/export/7/ticket/', () =>
        HttpResponse.json({ detail: YOUR_DATA_MESSAGES.downloadNotFound, code: 'not_found' }, { status: 404 }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: `${DOWNLOAD_DATA_TEXTS.download} (3.0 MB)` }));
    expect(await screen.findByText(YOUR_DATA_MESSAGES.downloadNotFound)).toBeInTheDocument();
  });

  it("shows the server's once-a-day answer", async () => {
    const { user } = renderSection(ready);
    const detail = YOUR_DATA_MESSAGES.exportTooSoon.replace('{hours}', '5 hours');
    server.use(http.post('/api/account/export/', () => HttpResponse.json({ detail, code: 'export_too_soon' }, { status: 429 })));
    await user.click(await screen.findByRole('button', { name: DOWNLOAD_DATA_TEXTS.start }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });

  it('offers to try again after a failure, and shows a load error with a retry', async () => {
    renderSection({ ...pending, status: 'failed', expires_at: '2030-05-08T10:00:00.000Z' });
    expect(await screen.findByText(DOWNLOAD_DATA_TEXTS.failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: DOWNLOAD_DATA_TEXTS.retry })).toBeEnabled();
  });

  it('shows an error state when the export cannot be loaded', async () => {
    renderSection('error');
    expect(await screen.findByText(DOWNLOAD_DATA_TEXTS.loadFailed)).toBeInTheDocument();
  });
});

describe('YourDataSection: delete my account', { timeout: 30_000 }, () => {
  it('explains what goes, checks the password on both sides, then signs out to /login', async () => {
    const { user } = renderSection(null);
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/account/', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        bodies.push(body);
        if (body.password !== 'right-password-1')
          return HttpResponse.json({ password: [YOUR_DATA_MESSAGES.passwordWrong] }, { status: 400 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: DELETE_ACCOUNT_TEXTS.open }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_ACCOUNT_TEXTS.title });
    expect(within(dialog).getByText(DELETE_ACCOUNT_TEXTS.goes[0])).toBeInTheDocument();
    const password = within(dialog).getByLabelText(DELETE_ACCOUNT_TEXTS.password);
    expect(password).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: DELETE_ACCOUNT_TEXTS.confirm }));
    expect(await within(dialog).findByText(YOUR_DATA_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(password, 'wrong-password-1');
    await user.click(within(dialog).getByRole('button', { name: DELETE_ACCOUNT_TEXTS.confirm }));
    expect(await within(dialog).findByText(YOUR_DATA_MESSAGES.passwordWrong)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'right-password-1');
    await user.click(within(dialog).getByRole('button', { name: DELETE_ACCOUNT_TEXTS.confirm }));
    expect(await screen.findByText('Stub page /login')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'wrong-password-1' }, { password: 'right-password-1' }]);
    expect(getAccessToken()).toBeNull();
  });
});
