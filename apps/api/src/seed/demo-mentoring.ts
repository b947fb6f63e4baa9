import { sql } from 'drizzle-orm';
import { findConversationIdOfPair, insertConversation, markParticipantReadWithin } from '../modules/messaging/messaging.repository';
import { sendMessageWithin } from '../modules/messaging/message-send.sql';
import { mentorProfiles, mentorships, mentorTopics } from '../db/schema/index';
import { DEMO_PEOPLE } from './demo-people';
import type { SeedStep } from './seed-step';

const HOUR = 60 * 60 * 1000;

const alumni = DEMO_PEOPLE.filter((person) => person.role === 'AL').map((person) => person.email);
const learners = DEMO_PEOPLE.filter((person) => person.role !== 'AL').map((person) => person.email);

/** A demo alumnus's skills, as mentoring topics: what their job title and profile say they do. */
function topicsOf(email: string): string[] {
  const person = DEMO_PEOPLE.find((candidate) => candidate.email === email);
  return (person?.skills ?? '').split(', ').filter(Boolean);
}

/** "Backend Engineer at Numbers Inc." for the mentor card's about. */
function jobOf(email: string): string {
  const person = DEMO_PEOPLE.find((candidate) => candidate.email === email);
  return person?.jobTitle && person.company ? `${person.jobTitle} at ${person.company}.` : '';
}

/** Mentor cards: the demo alumnus and six more alumni (one paused), each mentoring in the skills of their job. */
const DEMO_MENTORS: { email: string; topics: string[]; capacity: number; about: string; accepting?: boolean }[] = [
  {
    email: 'alumni@example.com',
    topics: ['React', 'TypeScript', 'Accessibility'],
    capacity: 3,
    about: 'Front-end engineer for eight years. I review code, portfolios and interview prep.',
  },
  ...[
    { capacity: 2, about: 'Happy to review components and talk about first jobs.' },
    { capacity: 2, about: 'Happy to talk databases, APIs and first jobs.' },
    { capacity: 4, about: 'I help with writing samples and reading lists.' },
    { capacity: 1, about: 'One mentee at a time.' },
    { capacity: 3, about: 'Mock interviews on request.' },
    { capacity: 2, about: 'Paused until next month.', accepting: false },
  ].map((mentor, index) => {
    const email = alumni[index] ?? '';
    return { ...mentor, email, topics: topicsOf(email), about: `${jobOf(email)} ${mentor.about}`.trim() };
  }),
];

type DemoMentorship = { mentor: string; mentee: string; topic: string; message: string; status: string; reason?: string; daysAgo: number };

/** Mentorships in every state; the demo trainee has one active with the demo alumnus. */
const DEMO_MENTORSHIPS: DemoMentorship[] = [
  {
    mentor: 'alumni@example.com',
    mentee: 'trainee@example.com',
    topic: 'React',
    message: 'I am building my first React app and would love a code review now and then.',
    status: 'active',
    daysAgo: 6,
  },
  {
    mentor: 'alumni@example.com',
    mentee: 'intern@example.com',
    topic: 'TypeScript',
    message: 'Could we talk about moving from data to front-end?',
    status: 'pending',
    daysAgo: 1,
  },
  {
    mentor: alumni[0] ?? '',
    mentee: 'trainee@example.com',
    topic: 'TypeScript',
    message: 'I would like to understand how to type a small React app.',
    status: 'pending',
    daysAgo: 2,
  },
  {
    mentor: alumni[1] ?? '',
    mentee: learners[0] ?? '',
    topic: 'PostgreSQL',
    message: 'Can you look at the schema of my first API?',
    status: 'active',
    daysAgo: 9,
  },
  {
    mentor: alumni[2] ?? '',
    mentee: learners[1] ?? '',
    topic: 'Writing',
    message: 'Help with the write-up of my first project, please.',
    status: 'completed',
    daysAgo: 40,
  },
  {
    mentor: alumni[3] ?? '',
    mentee: learners[2] ?? '',
    topic: 'AWS',
    message: 'Preparing for a cloud certification.',
    status: 'declined',
    reason: 'My one place is taken this month; try again in March.',
    daysAgo: 12,
  },
  {
    mentor: alumni[4] ?? '',
    mentee: learners[3] ?? '',
    topic: 'Java',
    message: 'Mock interview before my first Java interview?',
    status: 'cancelled',
    daysAgo: 15,
  },
  {
    mentor: alumni[4] ?? '',
    mentee: learners[4] ?? '',
    topic: 'Spring Boot',
    message: 'Weekly practice on a Spring Boot project?',
    status: 'active',
    daysAgo: 4,
  },
];

/** The first messages of the demo trainee's mentorship conversation. */
const FIRST_MESSAGES = [
  { from: 'mentor', text: 'Welcome! Send me the repository link and we will pick one component to review each week.' },
  { from: 'mentee', text: 'Thank you! Here it is. The form validation is where I am stuck.' },
] as const;

export const seedMentoring: SeedStep = {
  name: 'mentoring',
  async run(tx, context) {
    const idOf = (email: string) => context.userIds.get(email);
    const active = new Map<number, number>();
    const rows = DEMO_MENTORSHIPS.flatMap((m) => {
      const mentorId = idOf(m.mentor);
      const menteeId = idOf(m.mentee);
      if (mentorId === undefined || menteeId === undefined) return [];
      if (m.status === 'active') active.set(mentorId, (active.get(mentorId) ?? 0) + 1);
      const createdAt = new Date(context.now.getTime() - m.daysAgo * 24 * HOUR);
      return [{ ...m, mentorId, menteeId, createdAt }];
    });
    const cards = DEMO_MENTORS.flatMap((mentor) => {
      const userId = idOf(mentor.email);
      if (userId === undefined) return [];
      return [
        {
          userId,
          isMentor: true,
          topics: mentor.topics,
          topicKeys: mentor.topics.map((topic) => topic.toLowerCase()),
          capacity: mentor.capacity,
          about: mentor.about,
          accepting: mentor.accepting ?? true,
          activeCount: active.get(userId) ?? 0,
        },
      ];
    });
    if (cards.length === 0) return;
    await tx.insert(mentorProfiles).values(cards);
    await tx.insert(mentorTopics).select(
      tx
        .select({
          topicKey: sql<string>`unnest(${mentorProfiles.topicKeys})`.as('topic_key'),
          userId: mentorProfiles.userId,
          activeCount: mentorProfiles.activeCount,
        })
        .from(mentorProfiles)
        .where(
          sql`${mentorProfiles.isMentor} and ${mentorProfiles.accepting} and ${mentorProfiles.activeCount} < ${mentorProfiles.capacity}`,
        ),
    );
    for (const m of rows) {
      let conversationId: number | null = null;
      if (m.status === 'active' || m.status === 'completed') {
        const at = new Date(m.createdAt.getTime() + 2 * HOUR);
        // The pair's conversation when they already have one (the demo conversations); else a new
        // one with the first messages, sent through the app's own statement so counters agree.
        conversationId = await findConversationIdOfPair(tx, m.mentorId, m.menteeId);
        if (conversationId === null) {
          conversationId = await insertConversation(tx, m.menteeId, m.mentorId, at);
          if (conversationId !== null) {
            let lastAt = at;
            for (const [index, message] of FIRST_MESSAGES.entries()) {
              lastAt = new Date(at.getTime() + (index + 1) * HOUR);
              const senderId = message.from === 'mentor' ? m.mentorId : m.menteeId;
              await sendMessageWithin(tx, { conversationId, senderId, content: message.text, createdAt: lastAt });
            }
            // Both have read the opening exchange (no notifications stand for it).
            await markParticipantReadWithin(tx, conversationId, m.mentorId, lastAt);
            await markParticipantReadWithin(tx, conversationId, m.menteeId, lastAt);
          }
        }
      }
      await tx.insert(mentorships).values({
        mentorId: m.mentorId,
        menteeId: m.menteeId,
        topic: m.topic,
        message: m.message,
        status: m.status,
        declineReason: m.reason ?? null,
        conversationId,
        createdAt: m.createdAt,
        updatedAt: new Date(m.createdAt.getTime() + HOUR),
      });
    }
  },
};
