import type { Mentorship } from '@alumlink/contract';
import type { UnitOfWork } from '../../app-context';
import { sendMessageInWork } from '../messaging/messaging.service';

/** The first message of an accepted mentorship's conversation: what the mentee asked, in their words. */
export function firstMessageText(mentorship: Pick<Mentorship, 'topic' | 'message'>): string {
  return `Mentoring request: ${mentorship.topic}\n\n${mentorship.message}`;
}

/**
 * Carries the request's topic and message into the pair's conversation as a message from the
 * mentee (in the accept's unit of work), so the conversation opens on what was asked and stands
 * in both people's lists. The mentee is told by the "accepted" notification, not by a message one.
 */
export async function carryRequestIntoConversation(work: UnitOfWork, mentorship: Mentorship, conversationId: number): Promise<void> {
  const menteeId = mentorship.mentee?.id;
  if (menteeId === undefined) return;
  await sendMessageInWork(work, { conversationId, senderId: menteeId, content: firstMessageText(mentorship) });
}
