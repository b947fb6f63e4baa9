import { and, asc, eq, gt, or } from 'drizzle-orm';
import { mentorProfiles, mentorships } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, type ExportSection } from '../../lib/data-export/section';

/** mentoring.json (8.3): the person's mentor card, if any, then every mentorship as mentor or as mentee. */
export const mentoringExport: ExportSection = {
  file: 'mentoring.json',
  tables: ['mentor_profiles.user_id', 'mentorships.mentor_id', 'mentorships.mentee_id'],
  kind: 'list',
  collect: async function* (db, personId) {
    const [card] = await db.select().from(mentorProfiles).where(eq(mentorProfiles.userId, personId)).limit(1);
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
          .where(and(or(eq(mentorships.mentorId, personId), eq(mentorships.menteeId, personId)), gt(mentorships.id, after)))
          .orderBy(asc(mentorships.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    );
    for await (const row of rows) {
      yield {
        kind: 'mentorship',
        id: row.id,
        as: row.mentorId === personId ? 'mentor' : 'mentee',
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
