import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@alumlink/contract';
import { buildAdminUser, buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { ROLE_MESSAGES } from './messages';
import { RoleManagementPage } from './role-management-page';

const admin = buildUser({ id: 1, role: 'AD', is_staff: true });

function usersPage(results: AdminUser[], next: string | null = null, count = results.length) {
  return { results, next, count };
}

function renderRoles(userEventOptions?: Parameters<typeof renderPage>[1]['userEventOptions']) {
  storeSession(admin);
  return renderPage(<RoleManagementPage />, { path: '/admin/roleupdater', userEventOptions });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RoleManagementPage', () => {
  it('lists people with the five columns, the total count and the loading text first', async () => {
    const trainee = buildAdminUser({ username: 'tara', email: 'tara@example.com', role: 'TR' });
    server.use(http.get('/users/', () => HttpResponse.json(usersPage([trainee], 'next-1', 57))));
    renderRoles();
    expect(screen.getByText(ROLE_MESSAGES.loading)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['User ID', 'Username', 'Email', 'Current Role', 'Actions']);
    expect(within(table).getByText('tara@example.com')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 57 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search users by name, email or ID...')).toBeInTheDocument();
  });

  it('searches on the server (debounced) and filters by role with the tabs', async () => {
    const requests: string[] = [];
    server.use(
      http.get('/users/', ({ request }) => {
        const url = new URL(request.url);
        requests.push(`q=${url.searchParams.get('q') ?? ''}&role=${url.searchParams.get('role') ?? ''}`);
        const q = url.searchParams.get('q');
        const role = url.searchParams.get('role');
        if (role === 'AL') return HttpResponse.json(usersPage([buildAdminUser({ username: 'alum', role: 'AL' })]));
        if (q === 'zed') return HttpResponse.json(usersPage([]));
        return HttpResponse.json(usersPage([buildAdminUser({ username: 'someone' })]));
      }),
    );
    const { user } = renderRoles();
    await screen.findByText('someone');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed');
    expect(await screen.findByText(ROLE_MESSAGES.empty)).toBeInTheDocument();
    expect(requests).toEqual(['q=&role=', 'q=zed&role=']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await screen.findByText('someone');
    await user.click(screen.getByRole('tab', { name: 'Alumni' }));
    expect(await screen.findByText('alum')).toBeInTheDocument();
    expect(requests.at(-1)).toBe('q=&role=AL');
  });

  it('shows the server error when the users fail to load, else the fallback', async () => {
    server.use(http.get('/users/', () => HttpResponse.json({ detail: 'Database is busy', code: 'busy' }, { status: 503 })));
    renderRoles();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is busy');
  });

  it("falls back to 'Failed to fetch users' without a server message", async () => {
    server.use(http.get('/users/', () => new HttpResponse(null, { status: 500 })));
    renderRoles();
    expect(await screen.findByRole('alert')).toHaveTextContent(ROLE_MESSAGES.loadFailed);
  });

  it('disables the role dropdown and Delete for administrators', async () => {
    server.use(http.get('/users/', () => HttpResponse.json(usersPage([buildAdminUser({ username: 'boss', role: 'AD', is_staff: true })]))));
    renderRoles();
    expect(await screen.findByRole('combobox', { name: 'Role of boss' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete boss' })).toBeDisabled();
  });

  it("changes a role: 'Role updated successfully!' in green, hidden after 3000 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let person = buildAdminUser({ username: 'tom', role: 'TR' });
    let body: unknown = null;
    server.use(
      http.get('/users/', () => HttpResponse.json(usersPage([person]))),
      http.patch('/users/admin/update-role/', async ({ request }) => {
        body = await request.json();
        person = { ...person, role: 'AL' };
        return HttpResponse.json({ detail: 'Role updated successfully.', user: person });
      }),
    );
    const { user } = renderRoles({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of tom' }), 'AL');
    const message = await screen.findByText(ROLE_MESSAGES.roleUpdated);
    expect(message).toHaveAttribute('role', 'status');
    expect(message.className).toContain('text-success-fg');
    expect(body).toEqual({ user_id: person.id, role: 'AL' });
    expect(screen.getByRole('combobox', { name: 'Role of tom' })).toHaveValue('AL');

    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByText(ROLE_MESSAGES.roleUpdated)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText(ROLE_MESSAGES.roleUpdated)).not.toBeInTheDocument();
  });

  it("shows the server's message in red when the role change fails, or 'Failed to update role'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const person = buildAdminUser({ username: 'ina', role: 'IN' });
    let calls = 0;
    server.use(
      http.get('/users/', () => HttpResponse.json(usersPage([person]))),
      http.patch('/users/admin/update-role/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: "You cannot change another administrator's role.", code: 'forbidden' }, { status: 403 })
          : new HttpResponse(null, { status: 500 });
      }),
    );
    const { user } = renderRoles({ advanceTimers: vi.advanceTimersByTime });
    const select = await screen.findByRole('combobox', { name: 'Role of ina' });
    await user.selectOptions(select, 'TR');
    const first = await screen.findByText("You cannot change another administrator's role.");
    expect(first).toHaveAttribute('role', 'alert');
    expect(first.className).toContain('text-danger-fg');

    await user.selectOptions(select, 'AL');
    expect(await screen.findByText(ROLE_MESSAGES.roleFailed)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText(ROLE_MESSAGES.roleFailed)).not.toBeInTheDocument();
  });

  it('deletes a person only after Yes, with the success toast', async () => {
    const person = buildAdminUser({ username: 'gone' });
    const deleted: number[] = [];
    server.use(
      http.get('/users/', () => HttpResponse.json(usersPage(deleted.length ? [] : [person]))),
      http.delete('/users/admin/delete-user/:id/', ({ params }) => {
        deleted.push(Number(params.id));
        return HttpResponse.json({ detail: 'User deleted successfully' });
      }),
    );
    const { user } = renderRoles();
    await user.click(await screen.findByRole('button', { name: 'Delete gone' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete gone' })).toHaveFocus());
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete gone' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(ROLE_MESSAGES.userDeleted)).toBeInTheDocument();
    expect(deleted).toEqual([person.id]);
    await waitFor(() => expect(screen.queryByText('gone')).not.toBeInTheDocument());
  });

  it('toasts the server detail, or the fallback, when the deletion fails', async () => {
    const person = buildAdminUser({ username: 'stays' });
    let calls = 0;
    server.use(
      http.get('/users/', () => HttpResponse.json(usersPage([person]))),
      http.delete('/users/admin/delete-user/:id/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'You cannot delete another administrator.', code: 'forbidden' }, { status: 403 })
          : new HttpResponse(null, { status: 500 });
      }),
    );
    const { user } = renderRoles();
    await user.click(await screen.findByRole('button', { name: 'Delete stays' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You cannot delete another administrator.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete stays' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(ROLE_MESSAGES.deleteFailed)).toBeInTheDocument();
    expect(screen.getByText('stays')).toBeInTheDocument();
  });

  it("refuses to delete without a stored access token: 'User not authenticated'", async () => {
    const person = buildAdminUser({ username: 'nobody' });
    server.use(http.get('/users/', () => HttpResponse.json(usersPage([person]))));
    const { user } = renderRoles();
    await user.click(await screen.findByRole('button', { name: 'Delete nobody' }));
    const dialog = await screen.findByRole('dialog');
    window.localStorage.removeItem('access_token');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    // No DELETE handler is registered: a request would fail the test (onUnhandledRequest: 'error').
    expect(await screen.findByText(ROLE_MESSAGES.notAuthenticated)).toBeInTheDocument();
  });
});
