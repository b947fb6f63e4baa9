import { useId, useState } from 'react';
import { AUDIT_ACTIONS, type AuditLogEntry } from '@alumlink/contract';
import { Badge, EmptyState, Field, PagedList, Select, TableHead } from '@/components/ui';
import { formatMediumDateTime } from '@/lib/format';
import { AdminPageTitle } from '../shell/admin-page-title';
import { responsiveTable } from '../shell/responsive-table';
import { useAuditLog } from './api/get-audit-log';

/** Readable names of the actions the portal knows; unknown actions show their code. */
const ACTION_LABELS: Record<string, string> = {
  'user.role_change': 'Role changed',
  'user.delete': 'User deleted',
  'post.delete': 'Post deleted',
  'job.close': 'Job closed',
  'job.update': 'Job edited',
  'cohort.role_step': 'Cohort step',
  'cohort.apply': 'Cohort applied',
  'cohort.create': 'Cohort created',
  'cohort.update': 'Cohort edited',
  'cohort.delete': 'Cohort deleted',
  'cohort.members_add': 'Cohort members added',
  'invitation.create': 'Invitation sent',
  'invitation.resend': 'Invitation resent',
  'invitation.revoke': 'Invitation revoked',
  'invitation.accept': 'Invitation accepted',
  'sign_up_policy.update': 'Sign-up policy changed',
};
const FILTER_ACTIONS = [
  ...new Set<string>([...AUDIT_ACTIONS, 'job.update', 'job.close', 'cohort.role_step', 'invitation.create', 'sign_up_policy.update']),
];

export const AUDIT_LOG_MESSAGES = {
  loading: 'Loading audit log...',
  loadFailed: 'Failed to load the audit log. Please try again later.',
  empty: 'No actions recorded yet',
} as const;

function describeDetails(entry: AuditLogEntry): string {
  const { from, to, cohort } = entry.details;
  if (typeof from === 'string' && typeof to === 'string') return `${from} → ${to}`;
  if (typeof cohort === 'string' && typeof to === 'string') return `${cohort} → ${to}`;
  return entry.reason ?? '';
}

const t = responsiveTable;

/** /admin/audit-log: every administrative action, newest first, filtered by action. */
export function AuditLogPage() {
  const [action, setAction] = useState('');
  const log = useAuditLog(action);
  const filterId = useId();

  return (
    <div className="space-y-5">
      <AdminPageTitle title="Audit Log" description="Who did what in the admin portal, newest first." />
      <Field label="Action" id={filterId} className="max-w-xs">
        <Select value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">All actions</option>
          {FILTER_ACTIONS.map((code) => (
            <option key={code} value={code}>
              {ACTION_LABELS[code] ?? code}
            </option>
          ))}
        </Select>
      </Field>
      <PagedList
        query={log}
        loading={AUDIT_LOG_MESSAGES.loading}
        error={AUDIT_LOG_MESSAGES.loadFailed}
        empty={<EmptyState title={AUDIT_LOG_MESSAGES.empty} />}
        render={(list) => (
          <div className={t.wrapper}>
            <table className={t.table('md:min-w-[760px]')}>
              <TableHead className={t.head} cellClassName={t.headCell} columns={['When', 'Action', 'By', 'Target', 'Details']} />
              <tbody className={t.body}>
                {list.map((entry) => (
                  <tr key={entry.id} className={t.row}>
                    <td data-label="When" className={`${t.cell} whitespace-nowrap text-fg-muted`}>
                      <time dateTime={entry.created_at}>{formatMediumDateTime(entry.created_at)}</time>
                    </td>
                    <td data-label="Action" className={t.cell}>
                      <Badge className="whitespace-nowrap" tone={entry.action.endsWith('delete') ? 'danger' : 'brand'}>
                        {ACTION_LABELS[entry.action] ?? entry.action}
                      </Badge>
                    </td>
                    <td data-label="By" className={`${t.cell} text-fg [overflow-wrap:anywhere]`}>
                      {entry.actor.label}
                    </td>
                    <td data-label="Target" className={`${t.cell} text-fg [overflow-wrap:anywhere]`}>
                      <span>
                        <span className="text-fg-subtle">{entry.target.type}</span> {entry.target.label || (entry.target.id ?? '')}
                      </span>
                    </td>
                    <td data-label="Details" className={`${t.cell} text-fg-muted`}>
                      {describeDetails(entry)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      />
    </div>
  );
}
