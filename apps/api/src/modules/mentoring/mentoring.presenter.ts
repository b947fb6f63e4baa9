import { mentorshipStatusSchema, type Mentor, type MentorProfile, type Mentorship, type Role } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import { presentUserSummary } from '../users/users.presenter';
import type { MentorSqlRow } from './mentor-page.sql';
import type { MentorProfileFields } from './mentoring.repository';
import type { MentorshipListRow } from './mentorships.repository';

/** What a person who never set a mentor card sees. */
export const DEFAULT_MENTOR_PROFILE: MentorProfileFields = {
  isMentor: false,
  topics: [],
  capacity: 3,
  about: '',
  accepting: true,
  activeCount: 0,
};

export function presentMentorProfile(row: MentorProfileFields): MentorProfile {
  return {
    is_mentor: row.isMentor,
    topics: row.topics,
    capacity: row.capacity,
    about: row.about,
    accepting: row.accepting,
    active_count: row.activeCount,
  };
}

/**
 * A mentor of the list (a row of mentorPageQuery, or a card with the viewer's request), with where
 * they work (career profile). One object literal, every value copied once (as the feed's posts).
 */
export function presentMentor(row: MentorSqlRow): Mentor {
  const image = mediaUrl(row.image);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    handle: row.handle,
    role: row.role as Role,
    image,
    profile: { profile_image: image },
    company: row.company,
    job_title: row.job_title,
    topics: row.topics,
    capacity: row.capacity,
    active_count: row.active_count,
    about: row.about,
    my_request:
      row.my_request_id === null ? null : { id: row.my_request_id, status: row.my_request_status === 'active' ? 'active' : 'pending' },
  };
}

export function presentMentorship(row: MentorshipListRow): Mentorship {
  return {
    id: row.id,
    status: mentorshipStatusSchema.parse(row.status),
    topic: row.topic,
    message: row.message,
    decline_reason: row.declineReason,
    mentor: row.mentor ? presentUserSummary(row.mentor) : null,
    mentee: row.mentee ? presentUserSummary(row.mentee) : null,
    conversation_id: row.conversationId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
