import type { AuthUser } from '../../lib/auth';

export type ReferralRequestAction = 'ask' | 'list' | 'listReceived' | 'view' | 'move' | 'withdraw';

/** Either id is null once that person left: nobody is them any more. */
type Subject = { ownerId: number | null; requesterId?: number | null };

/**
 * Anyone but the owner asks on an offer; the owner and admins list an offer's requests; alumni
 * list the requests on all their offers (listReceived, subject: themselves); the
 * requester, the owner and admins read one; only the owner moves it; only the requester withdraws it.
 */
export function canOnReferralRequest(user: Pick<AuthUser, 'id' | 'role'>, action: ReferralRequestAction, subject: Subject): boolean {
  switch (action) {
    case 'ask':
      return subject.ownerId !== user.id;
    case 'list':
      return subject.ownerId === user.id || user.role === 'AD';
    case 'listReceived':
      return subject.ownerId === user.id && user.role === 'AL';
    case 'view':
      return subject.ownerId === user.id || subject.requesterId === user.id || user.role === 'AD';
    case 'move':
      return subject.ownerId === user.id;
    case 'withdraw':
      return subject.requesterId === user.id;
  }
}
