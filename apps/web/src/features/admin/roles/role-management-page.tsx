import { Search } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser, Role, UpdateRoleRequest } from '@alumlink/contract';
import { EmptyState, ErrorState, FormMessage, Input, LoadingState, LoadMore, pagedItems, StatusTabs } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useReturnFocus } from '../shell/use-return-focus';
import { useUsers, type UserFilters } from './api/get-users';
import { useUpdateRole } from './api/update-role';
import { DeleteUserDialog } from './components/delete-user-dialog';
import { UsersTable } from './components/users-table';
import { ROLE_MESSAGES } from './messages';
import { useRoleStatus } from './use-role-status';

const TABS: { value: Role | ''; label: string }[] = [
  { value: '', label: 'All Users' },
  { value: 'TR', label: 'Trainees' },
  { value: 'IN', label: 'Interns' },
  { value: 'AL', label: 'Alumni' },
];
export const SEARCH_DEBOUNCE_MS = 300;

function UsersList({
  filters,
  savingUserId,
  onRoleChange,
  onDelete,
}: {
  filters: UserFilters;
  savingUserId: number | null;
  onRoleChange: (user: AdminUser, role: UpdateRoleRequest['role']) => void;
  onDelete: (user: AdminUser) => void;
}) {
  const users = useUsers(filters);
  const list = pagedItems(users);
  const count = users.data?.pages[0]?.count ?? 0;

  if (users.isPending) return <LoadingState>{ROLE_MESSAGES.loading}</LoadingState>;
  if (users.isError) {
    const message = (isApiError(users.error) && users.error.serverMessage) || ROLE_MESSAGES.loadFailed;
    return <ErrorState message={message} onRetry={() => void users.refetch()} />;
  }
  if (list.length === 0) return <EmptyState title={ROLE_MESSAGES.empty} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-fg-muted" aria-live="polite">
        Showing {list.length} of {count} {count === 1 ? 'user' : 'users'}
      </p>
      <UsersTable users={list} savingUserId={savingUserId} onRoleChange={onRoleChange} onDelete={onDelete} />
      <LoadMore hasMore={users.hasNextPage} loading={users.isFetchingNextPage} onLoadMore={() => void users.fetchNextPage()} />
    </div>
  );
}

/** /admin/roleupdater: search people, filter by role, change roles and delete accounts. */
export function RoleManagementPage() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [pendingDelete, setPendingDelete] = useState<AdminUser | null>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const updateRole = useUpdateRole();
  const { status, show } = useRoleStatus();
  const returnFocus = useReturnFocus();

  const handleDeleteRequest = (user: AdminUser) => {
    returnFocus.remember();
    setPendingDelete(user);
  };

  const handleDeleteDialogChange = (open: boolean) => {
    if (open) return;
    setPendingDelete(null);
    returnFocus.restore();
  };

  const handleRoleChange = (user: AdminUser, role: UpdateRoleRequest['role']) => {
    updateRole.mutate(
      { user_id: user.id, role },
      {
        onSuccess: () => show('success', ROLE_MESSAGES.roleUpdated),
        onError: (error) => show('error', (isApiError(error) && error.serverMessage) || ROLE_MESSAGES.roleFailed),
      },
    );
  };

  return (
    <div className="space-y-5">
      <AdminPageTitle title={ROLE_MESSAGES.title} description="Find people, change their role or remove their account." />
      <div className="relative max-w-xl">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-fg-subtle" />
        <Input
          type="search"
          aria-label="Search users"
          placeholder={ROLE_MESSAGES.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-10"
        />
      </div>
      {status ? (
        <FormMessage key={status.id} tone={status.tone}>
          {status.text}
        </FormMessage>
      ) : null}
      <StatusTabs value={role} onValueChange={setRole} options={TABS} label="Filter by role">
        <UsersList
          filters={{ q, role }}
          savingUserId={updateRole.isPending ? (updateRole.variables?.user_id ?? null) : null}
          onRoleChange={handleRoleChange}
          onDelete={handleDeleteRequest}
        />
      </StatusTabs>
      <DeleteUserDialog user={pendingDelete} onOpenChange={handleDeleteDialogChange} />
    </div>
  );
}
