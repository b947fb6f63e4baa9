import { Trash2 } from 'lucide-react';
import { ASSIGNABLE_ROLES, roleLabel, type AdminUser, type UpdateRoleRequest } from '@alumlink/contract';
import { Badge, Button, Select } from '@/components/ui';

type AssignableRole = UpdateRoleRequest['role'];

function isAssignable(value: string): value is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

export interface UsersTableProps {
  users: AdminUser[];
  /** Id of the person whose role is being saved (their dropdown waits). */
  savingUserId: number | null;
  onRoleChange: (user: AdminUser, role: AssignableRole) => void;
  onDelete: (user: AdminUser) => void;
}

const cell = 'px-3 py-2.5 align-middle';

/** People with their role dropdown (TR/IN/AL; administrators cannot be changed) and Delete. Scrolls sideways on phones. */
export function UsersTable({ users, savingUserId, onRoleChange, onDelete }: UsersTableProps) {
  return (
    <div className="overflow-x-auto rounded-(--radius-card) border border-border bg-surface">
      <table className="w-full min-w-[720px] text-left text-sm">
        <thead className="bg-surface-muted text-xs tracking-wide text-fg-muted uppercase">
          <tr>
            <th scope="col" className={cell}>User ID</th>
            <th scope="col" className={cell}>Username</th>
            <th scope="col" className={cell}>Email</th>
            <th scope="col" className={cell}>Current Role</th>
            <th scope="col" className={cell}>Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const isAdmin = user.role === 'AD';
            return (
              <tr key={user.id} className="border-t border-border">
                <td className={`${cell} text-fg-muted tabular-nums`}>{user.id}</td>
                <th scope="row" className={`${cell} font-medium text-fg`}>
                  {user.username}
                  {user.first_name || user.last_name ? (
                    <span className="block text-xs font-normal text-fg-subtle">{`${user.first_name} ${user.last_name}`.trim()}</span>
                  ) : null}
                </th>
                <td className={`${cell} break-all text-fg`}>{user.email}</td>
                <td className={cell}>
                  <Badge tone={isAdmin ? 'brand' : 'neutral'}>{roleLabel(user.role)}</Badge>
                </td>
                <td className={cell}>
                  <div className="flex items-center gap-2">
                    <Select
                      aria-label={`Role of ${user.username}`}
                      value={user.role}
                      disabled={isAdmin || savingUserId === user.id}
                      onChange={(event) => {
                        if (isAssignable(event.target.value) && event.target.value !== user.role) onRoleChange(user, event.target.value);
                      }}
                      className="h-9 w-36"
                    >
                      {isAdmin ? <option value="AD">{roleLabel('AD')}</option> : null}
                      {ASSIGNABLE_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {roleLabel(role)}
                        </option>
                      ))}
                    </Select>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={isAdmin}
                      onClick={() => onDelete(user)}
                      aria-label={`Delete ${user.username}`}
                      leftIcon={<Trash2 aria-hidden="true" className="size-4" />}
                      className="text-danger-fg hover:bg-danger-soft"
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
