import type { AuthUser } from '../../lib/auth';

export type ReferralAction = 'create' | 'close' | 'reopen';

/** Alumni offer referrals; the alumnus closes and reopens their own; an admin may close any. */
export function canOnReferral(
  user: Pick<AuthUser, 'id' | 'role'>,
  action: ReferralAction,
  referral?: { alumniId: number | null },
): boolean {
  switch (action) {
    case 'create':
      return user.role === 'AL';
    case 'close':
      return referral !== undefined && (referral.alumniId === user.id || user.role === 'AD');
    case 'reopen':
      return referral !== undefined && referral.alumniId === user.id;
  }
}
