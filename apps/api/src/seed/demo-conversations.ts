import { displayName } from '@alumlink/contract';
import type { Executor } from '../db/client';
import { sendMessageWithin } from '../modules/messaging/message-send.sql';
import { insertConversation, markParticipantReadWithin } from '../modules/messaging/messaging.repository';
import { insertNotificationsWithin, type NewNotification } from '../modules/notifications/notifications.repository';
import { messageNoticeText } from '../modules/messaging/messaging.notices';
import { DEMO_ACCOUNTS, DEMO_PEOPLE } from './demo-people';
import type { SeedContext, SeedStep } from './seed-step';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A conversation of the demo: its two people (the first writes first), when it began, and who says what. */
type DemoConversation = { between: [string, string]; hoursAgo: number; lines: [0 | 1, string][] };

/** Every demo account has a few conversations; the last line of some is still unread. */
export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    between: ['trainee@example.com', 'alumni@example.com'],
    hoursAgo: 30,
    lines: [
      [0, 'Hi Alex! I have my first front-end interview next week. Any advice?'],
      [1, 'Congratulations! Build one small project end to end and be ready to explain every choice in it.'],
      [0, 'That helps. Would you look at my portfolio before Friday?'],
      [1, 'Sure, send me the link and I will leave comments tonight.'],
      [0, 'Here it is: three projects, the React one is the newest. Thank you so much!'],
    ],
  },
  {
    between: ['alumni@example.com', 'priya.sharma@example.com'],
    hoursAgo: 52,
    lines: [
      [0, 'Priya, is your Product Designer referral still open?'],
      [1, 'Yes, until the end of the month. Do you know someone?'],
      [0, 'One of our trainees has a strong portfolio. I will ask her to apply through the referrals page.'],
      [1, 'Perfect, I will keep an eye out for it.'],
    ],
  },
  {
    between: ['noah.nguyen@example.com', 'alumni@example.com'],
    hoursAgo: 9,
    lines: [
      [0, 'Are you coming to the career meetup on Friday?'],
      [1, 'Planning to! Are you presenting?'],
      [0, 'A short talk on accessibility testing. Saving you a seat in the front row.'],
    ],
  },
  {
    between: ['admin@example.com', 'alumni@example.com'],
    hoursAgo: 4,
    lines: [
      [0, 'Hi Alex, would you host the next alumni Q&A in the Web Development community?'],
      [1, 'Happy to. Any date in mind?'],
      [0, 'The second Thursday of next month, 6 pm. I will create the event and add you as host.'],
    ],
  },
  {
    between: ['intern@example.com', 'trainee@example.com'],
    hoursAgo: 20,
    lines: [
      [0, 'Study group for the cloud certification on Saturday?'],
      [1, 'Count me in. Library or online?'],
      [0, 'Online, 10 am. I will share the practice questions in the morning.'],
      [1, 'Great, see you then!'],
    ],
  },
  {
    between: ['liam.okafor@example.com', 'trainee@example.com'],
    hoursAgo: 6,
    lines: [
      [0, 'Saw your post about study buddies. I took the same certification last year.'],
      [1, 'Really? How long did you prepare?'],
      [0, 'About six weeks, an hour a day. Happy to share my notes.'],
    ],
  },
  {
    between: ['sofia.rossi@example.com', 'intern@example.com'],
    hoursAgo: 40,
    lines: [
      [0, 'Hi Imani, I heard you are working with pandas on the growth dashboard.'],
      [1, 'Yes! The weekly report still takes me hours though.'],
      [0, 'Try grouping before merging, it made ours ten times faster.'],
      [1, 'Thanks, I will try it on Monday.'],
    ],
  },
  {
    between: ['chen.wei@example.com', 'intern@example.com'],
    hoursAgo: 3,
    lines: [
      [0, 'Your SQL question in the Data Science community was a good one.'],
      [0, 'An index on the date column should fix the slow report. Want to pair on it?'],
    ],
  },
  {
    between: ['aisha.khan@example.com', 'admin@example.com'],
    hoursAgo: 12,
    lines: [
      [0, 'Could we add a Product Management community? A few of us would run it.'],
      [1, 'Good idea. Send me a short description and two moderators.'],
      [0, 'Done: description sent by e-mail, Mateo and I will moderate.'],
    ],
  },
];

const PEOPLE = new Map([...DEMO_ACCOUNTS, ...DEMO_PEOPLE].map((person) => [person.email, person]));

function nameOf(email: string): string {
  const person = PEOPLE.get(email);
  return displayName({ first_name: person?.firstName, last_name: person?.lastName, email });
}

type PendingNotification = NewNotification & { createdAt: Date; readAt: Date | null };

/**
 * Writes one conversation as the app would: each line through the send statement (last message,
 * list order, unread counts), and a message notification for its recipient; replying reads
 * what came before (unread count back to 0, those notifications read).
 */
async function writeConversation(tx: Executor, context: SeedContext, conversation: DemoConversation): Promise<PendingNotification[]> {
  const people = conversation.between.map((email) => context.userIds.get(email));
  const [first, second] = people;
  if (first === undefined || second === undefined) return [];
  const startedAt = context.now.getTime() - conversation.hoursAgo * HOUR;
  const conversationId = await insertConversation(tx, first, second, new Date(startedAt));
  if (conversationId === null) return [];
  const notifications: PendingNotification[] = [];
  let previousSender: number | null = null;
  for (const [index, [who, content]] of conversation.lines.entries()) {
    const senderId = who === 0 ? first : second;
    const createdAt = new Date(startedAt + index * 47 * MINUTE + (index > 0 ? 5 * MINUTE : 0));
    if (previousSender !== null && previousSender !== senderId) {
      await markParticipantReadWithin(tx, conversationId, senderId, createdAt);
      for (const note of notifications) if (note.userId === senderId) note.readAt ??= createdAt;
    }
    const sent = await sendMessageWithin(tx, { conversationId, senderId, content, createdAt });
    if (!sent) throw new Error('demo seed: a conversation message was not sent');
    notifications.push({
      userId: sent.recipientId,
      type: 'message',
      actorId: senderId,
      conversationId,
      text: messageNoticeText(nameOf(conversation.between[who])),
      createdAt,
      readAt: null,
    });
    previousSender = senderId;
  }
  return notifications;
}

/** The demo conversations, with the message notifications their lines caused. */
export const seedConversations: SeedStep = {
  name: 'conversations',
  async run(tx, context) {
    const notifications: PendingNotification[] = [];
    for (const conversation of DEMO_CONVERSATIONS) notifications.push(...(await writeConversation(tx, context, conversation)));
    await insertNotificationsWithin(tx, notifications);
  },
};
