import type { AuthUser } from '../../lib/auth';
import type { MentorshipState } from './mentorships.repository';

export type MentoringAction = 'be-mentor' | 'accept' | 'decline' | 'cancel' | 'complete' | 'read';

/**
 * Alumni and admins may be mentors. On a mentorship: the mentor accepts and declines, the mentee
 * cancels, either completes; both (and admins) read it.
 */
export function canOnMentoring(
  user: Pick<AuthUser, 'id' | 'role'>,
  action: MentoringAction,
  mentorship?: Pick<MentorshipState, 'mentorId' | 'menteeId'>,
): boolean {
  switch (action) {
    case 'be-mentor':
      return user.role === 'AL' || user.role === 'AD';
    case 'accept':
    case 'decline':
      return mentorship !== undefined && mentorship.mentorId === user.id;
    case 'cancel':
      return mentorship !== undefined && mentorship.menteeId === user.id;
    case 'complete':
      return mentorship !== undefined && (mentorship.mentorId === user.id || mentorship.menteeId === user.id);
    case 'read':
      return mentorship !== undefined && (mentorship.mentorId === user.id || mentorship.menteeId === user.id || user.role === 'AD');
  }
}
