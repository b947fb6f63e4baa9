import type { Invitation, InvitationStatus, Role } from '@alumlink/contract';
import type { InvitationRow } from '../../db/schema/index';

export function statusOf(row: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** An invitation as the admin list shows it (never its token hash). */
export function presentInvitation(row: InvitationRow & { cohortName: string | null }, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role as Role,
    cohort: row.cohortId !== null && row.cohortName !== null ? { id: row.cohortId, name: row.cohortName } : null,
    status: statusOf(row, now),
    invited_by: row.invitedByLabel,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt ? row.acceptedAt.toISOString() : null,
    sent_count: row.sentCount,
  };
}
