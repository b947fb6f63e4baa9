import { roleLabel, type Role } from '@alumlink/contract';
import type { Notice } from '../notifications/notify.service';

/** A cohort step moved someone on. */
export function lifecycleNotice(event: { userId: number; role: Role; cohortName: string }): Notice {
  return {
    recipientId: event.userId,
    type: 'lifecycle',
    actor: null,
    text: `${event.cohortName}: you are now ${roleLabel(event.role)}. Congratulations!`,
    link: '/user/profile',
  };
}
