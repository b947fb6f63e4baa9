import { notificationChannelOf } from '@alumlink/contract';
import { and, asc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  mentorProfiles,
  mentorships,
  comments,
  conversationParticipants,
  eventMessages,
  eventRegistrations,
  events,
  messages,
  postLikes,
  posts,
  referrals,
  userSettings,
  users,
} from '../../db/schema/index';
import { notificationPreferencesOf } from '../notifications/preferences.service';
import { presentFieldPrivacy } from '../settings/field-privacy.service';
import { presentSettings } from '../settings/settings.presenter';
import { presentUser } from '../users/users.presenter';

/** Rows read per query: an export never holds more than one page of a table in memory. */
export const EXPORT_PAGE_SIZE = 500;

/** One JSON file of the zip: a single object, or a list read page by page. */
export type ExportSection =
  | { file: string; kind: 'object'; read: (db: Executor, userId: number) => Promise<unknown> }
  | { file: string; kind: 'list'; rows: (db: Executor, userId: number) => AsyncIterable<unknown> };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Pages of `fetch(afterId)` until a short page: keyset on a strictly increasing id. */
async function* keyset<Row>(fetch: (afterId: number) => Promise<Row[]>, idOf: (row: Row) => number): AsyncIterable<Row> {
  let after = 0;
  for (;;) {
    const page = await fetch(after);
    yield* page;
    const last = page.at(-1);
    if (page.length < EXPORT_PAGE_SIZE || !last) return;
    after = idOf(last);
  }
}

async function* mapRows<Row, Out>(rows: AsyncIterable<Row>, present: (row: Row) => Out): AsyncIterable<Out> {
  for await (const row of rows) yield present(row);
}

/** Media keys are exported under media/<key>; the JSON files refer to them by that path. */
export const exportedMediaPath = (key: string | null) => (key ? `media/${key}` : null);

const profile: ExportSection = {
  file: 'profile.json',
  kind: 'object',
  read: async (db, userId) => {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) return null;
    return {
      ...presentUser(row),
      image: exportedMediaPath(row.image),
      profile: undefined,
      email_verified_at: iso(row.emailVerifiedAt),
      updated_at: iso(row.updatedAt),
    };
  },
};

const settings: ExportSection = {
  file: 'settings.json',
  kind: 'object',
  read: async (db, userId) => {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
    const notifications = await notificationPreferencesOf(db, userId);
    return {
      ...presentSettings(row ?? null, notificationChannelOf(notifications)),
      privacy: presentFieldPrivacy(row ?? null),
      notifications,
    };
  },
};

/** Own posts, those the person or a moderator deleted too (with the reason): they are still kept. */
const postsSection: ExportSection = {
  file: 'posts.json',
  kind: 'list',
  rows: (db, userId) =>
    mapRows(
      keyset(
        (after) =>
          db
            .select()
            .from(posts)
            .where(and(eq(posts.userId, userId), gt(posts.id, after)))
            .orderBy(asc(posts.id))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.id,
      ),
      (row) => ({
        id: row.id,
        caption: row.caption,
        image: exportedMediaPath(row.image),
        created_at: iso(row.createdAt),
        likes_count: row.likesCount,
        comments_count: row.commentsCount,
        deleted_at: iso(row.deletedAt),
        delete_reason: row.deleteReason,
      }),
    ),
};

const commentsSection: ExportSection = {
  file: 'comments.json',
  kind: 'list',
  rows: (db, userId) =>
    mapRows(
      keyset(
        (after) =>
          db
            .select()
            .from(comments)
            .where(and(eq(comments.userId, userId), gt(comments.id, after)))
            .orderBy(asc(comments.id))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.id,
      ),
      (row) => ({ id: row.id, post_id: row.postId, text: row.text, created_at: iso(row.createdAt) }),
    ),
};

const likes: ExportSection = {
  file: 'likes.json',
  kind: 'list',
  rows: (db, userId) =>
    mapRows(
      keyset(
        (after) =>
          db
            .select()
            .from(postLikes)
            .where(and(eq(postLikes.userId, userId), gt(postLikes.postId, after)))
            .orderBy(asc(postLikes.postId))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.postId,
      ),
      (row) => ({ post_id: row.postId, created_at: iso(row.createdAt) }),
    ),
};

/** Every message of the person's conversations (both sides: the conversation is theirs too), by conversation. */
async function* conversationMessages(db: Executor, userId: number): AsyncIterable<unknown> {
  const conversationRows = keyset(
    (after) =>
      db
        .select({ id: conversationParticipants.conversationId, otherUserId: conversationParticipants.otherUserId })
        .from(conversationParticipants)
        .where(and(eq(conversationParticipants.userId, userId), gt(conversationParticipants.conversationId, after)))
        .orderBy(asc(conversationParticipants.conversationId))
        .limit(EXPORT_PAGE_SIZE),
    (row) => row.id,
  );
  for await (const conversation of conversationRows) {
    const rows = keyset(
      (after) =>
        db
          .select({ id: messages.id, senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
          .from(messages)
          .where(and(eq(messages.conversationId, conversation.id), gt(messages.id, after)))
          .orderBy(asc(messages.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    );
    for await (const message of rows) {
      yield {
        id: message.id,
        conversation_id: conversation.id,
        with_user_id: conversation.otherUserId,
        sent_by_me: message.senderId === userId,
        content: message.content,
        created_at: iso(message.createdAt),
      };
    }
  }
}

const messagesSection: ExportSection = { file: 'messages.json', kind: 'list', rows: conversationMessages };

const referralsSection: ExportSection = {
  file: 'referrals.json',
  kind: 'list',
  rows: (db, userId) =>
    mapRows(
      keyset(
        (after) =>
          db
            .select()
            .from(referrals)
            .where(and(eq(referrals.alumniId, userId), gt(referrals.id, after)))
            .orderBy(asc(referrals.id))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.id,
      ),
      (row) => ({
        id: row.id,
        company: row.company,
        role: row.role,
        ctc: Number(row.ctc),
        location: row.location,
        requirements: row.requirements,
        status: row.status,
        created_at: iso(row.createdAt),
        closed_at: iso(row.closedAt),
      }),
    ),
};

/** Mentoring (8.3): the person's mentor card, if any, then every mentorship as mentor or as mentee. */
const mentoring: ExportSection = {
  file: 'mentoring.json',
  kind: 'list',
  rows: async function* (db, userId) {
    const [card] = await db.select().from(mentorProfiles).where(eq(mentorProfiles.userId, userId)).limit(1);
    if (card) {
      yield {
        kind: 'mentor_profile',
        is_mentor: card.isMentor,
        topics: card.topics,
        capacity: card.capacity,
        about: card.about,
        accepting: card.accepting,
        created_at: iso(card.createdAt),
      };
    }
    const rows = keyset(
      (after) =>
        db
          .select()
          .from(mentorships)
          .where(and(or(eq(mentorships.mentorId, userId), eq(mentorships.menteeId, userId)), gt(mentorships.id, after)))
          .orderBy(asc(mentorships.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    );
    for await (const row of rows) {
      yield {
        kind: 'mentorship',
        id: row.id,
        as: row.mentorId === userId ? 'mentor' : 'mentee',
        mentor_id: row.mentorId,
        mentee_id: row.menteeId,
        topic: row.topic,
        message: row.message,
        status: row.status,
        decline_reason: row.declineReason,
        conversation_id: row.conversationId,
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      };
    }
  },
};

/** The events the person registered for, created, and what they wrote in events' discussions. */
async function* eventRows(db: Executor, userId: number): AsyncIterable<unknown> {
  const registrations = keyset(
    (after) =>
      db
        .select({
          eventId: eventRegistrations.eventId,
          registeredAt: eventRegistrations.createdAt,
          title: events.title,
          startsAt: events.startsAt,
        })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .where(and(eq(eventRegistrations.userId, userId), gt(eventRegistrations.eventId, after)))
        .orderBy(asc(eventRegistrations.eventId))
        .limit(EXPORT_PAGE_SIZE),
    (row) => row.eventId,
  );
  for await (const row of registrations) {
    yield {
      kind: 'registration',
      event_id: row.eventId,
      title: row.title,
      starts_at: iso(row.startsAt),
      registered_at: iso(row.registeredAt),
    };
  }
  const created = keyset(
    (after) =>
      db
        .select()
        .from(events)
        .where(and(eq(events.createdBy, userId), gt(events.id, after)))
        .orderBy(asc(events.id))
        .limit(EXPORT_PAGE_SIZE),
    (row) => row.id,
  );
  for await (const row of created) {
    yield {
      kind: 'created',
      event_id: row.id,
      title: row.title,
      starts_at: iso(row.startsAt),
      description: row.description,
      created_at: iso(row.createdAt),
    };
  }
  const discussion = keyset(
    (after) =>
      db
        .select()
        .from(eventMessages)
        .where(and(eq(eventMessages.userId, userId), gt(eventMessages.id, after)))
        .orderBy(asc(eventMessages.id))
        .limit(EXPORT_PAGE_SIZE),
    (row) => row.id,
  );
  for await (const row of discussion) {
    yield { kind: 'discussion_message', event_id: row.eventId, id: row.id, text: row.text, created_at: iso(row.createdAt) };
  }
}

const eventsSection: ExportSection = { file: 'events.json', kind: 'list', rows: eventRows };

/** The JSON files of an export, in the zip's order (DATA_EXPORT_FILES in the contract). */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  profile,
  postsSection,
  commentsSection,
  likes,
  messagesSection,
  referralsSection,
  mentoring,
  eventsSection,
  settings,
];

/** The person's media keys: profile image and every post image (the zip holds them under media/). */
export async function* mediaKeysToExport(db: Executor, userId: number): AsyncIterable<string> {
  const [person] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  const seen = new Set<string>();
  if (person?.image) {
    seen.add(person.image);
    yield person.image;
  }
  const rows = keyset(
    (after) =>
      db
        .select({ id: posts.id, image: posts.image })
        .from(posts)
        .where(and(eq(posts.userId, userId), isNotNull(posts.image), gt(posts.id, after)))
        .orderBy(asc(posts.id))
        .limit(EXPORT_PAGE_SIZE),
    (row) => row.id,
  );
  for await (const row of rows) {
    if (row.image && !seen.has(row.image)) {
      seen.add(row.image);
      yield row.image;
    }
  }
}
