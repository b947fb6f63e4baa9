import { roleLabel, type Role } from '@alumlink/contract';
import type { Notice } from '../../notifications/notify.service';

/** An administrator changed someone's role. */
export function roleChangedNotice(event: { userId: number; role: Role }): Notice {
  return {
    recipientId: event.userId,
    type: 'role_changed',
    actor: null,
    text: `Your role was changed to ${roleLabel(event.role)}.`,
    link: '/user/profile',
  };
}
