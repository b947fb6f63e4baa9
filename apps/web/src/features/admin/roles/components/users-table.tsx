import { Trash2 } from 'lucide-react';
import { ASSIGNABLE_ROLES, displayName, roleLabel, type AdminUser, type UpdateRoleRequest } from '@alumlink/contract';
import { Avatar, Badge, Select, TableHead } from '@/components/ui';
import { responsiveTable } from '../../shell/responsive-table';
import { dangerActionClasses } from '../../shell/danger-action';

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

const t = responsiveTable;
const stackedCell = t.cell;

/** People with their role dropdown (TR/IN/AL; administrators cannot be changed) and Delete. Rows become cards on phones. */
export function UsersTable({ users, savingUserId, onRoleChange, onDelete }: UsersTableProps) {
  return (
    <div className={t.wrapper}>
      <table className={t.table('md:min-w-[720px]')}>
        <TableHead className={t.head} cellClassName={t.headCell} columns={['User ID', 'Username', 'Email', 'Current Role', 'Actions']} />
        <tbody className={t.body}>
          {users.map((user) => {
            const isAdmin = user.role === 'AD';
            return (
              <tr key={user.id} className={t.row}>
                <td data-label="User ID" className={`${stackedCell} text-fg-muted tabular-nums`}>
                  {user.id}
                </td>
                <th scope="row" data-label="Username" className={`${stackedCell} font-medium text-fg`}>
                  <span className="flex items-center gap-2.5">
                    <Avatar src={user.image} personId={user.id} name={displayName(user)} alt="" size="xs" />
                    <span className="min-w-0">
                      {user.username}
                      {user.first_name || user.last_name ? (
                        <span className="block text-xs font-normal text-fg-subtle max-md:inline max-md:before:content-['_·_']">
                          {`${user.first_name} ${user.last_name}`.trim()}
                        </span>
                      ) : null}
                    </span>
                  </span>
                </th>
                <td data-label="Email" className={`${stackedCell} min-w-0 text-fg [overflow-wrap:anywhere]`}>
                  {user.email}
                </td>
                <td data-label="Current Role" className={stackedCell}>
                  <Badge tone={isAdmin ? 'brand' : 'neutral'}>{roleLabel(user.role)}</Badge>
                </td>
                <td data-label="Actions" className={stackedCell}>
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
                    <button
                      type="button"
                      disabled={isAdmin}
                      onClick={() => onDelete(user)}
                      aria-label={`Delete ${user.username}`}
                      className={dangerActionClasses()}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete
                    </button>
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
