import type { NotificationType } from '@alumlink/contract';
import type { Notice } from '../notifications/notify.service';
import type { UserSummaryRow } from '../users/users.presenter';

/** The mentoring steps that notify the other person of a mentorship. */
export type MentoringNotificationType = Extract<NotificationType, `mentoring_${string}`>;

const MENTORING_TEXT: Record<MentoringNotificationType, (name: string, topic: string) => string> = {
  mentoring_requested: (name, topic) => `${name} asked you for mentoring on ${topic}.`,
  mentoring_accepted: (name, topic) => `${name} accepted your mentoring request on ${topic}.`,
  mentoring_declined: (name, topic) => `${name} declined your mentoring request on ${topic}.`,
  mentoring_cancelled: (name, topic) => `${name} cancelled their mentoring request on ${topic}.`,
  mentoring_completed: (name, topic) => `${name} marked your mentorship on ${topic} complete.`,
};

/** A mentoring step: the other person is told; an accepted request leads to its conversation. */
export function mentoringNotice(event: {
  type: MentoringNotificationType;
  recipientId: number;
  actor: UserSummaryRow;
  topic: string;
  conversationId?: number | null;
  reason?: string | null;
}): Notice {
  const conversationId = event.conversationId ?? null;
  return {
    recipientId: event.recipientId,
    type: event.type,
    actor: event.actor,
    text: (name) => MENTORING_TEXT[event.type](name, event.topic),
    link: event.type === 'mentoring_accepted' && conversationId ? `/user/messages?conversation=${conversationId}` : '/user/mentoring',
    conversationId,
    reason: event.reason ?? null,
  };
}
