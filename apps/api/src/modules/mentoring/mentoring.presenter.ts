import { mentorshipStatusSchema, type Mentor, type MentorProfile, type Mentorship } from '@alumlink/contract';
import { presentUserSummary } from '../users/users.presenter';
import type { MentorListRow, MentorProfileFields } from './mentoring.repository';
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

/** A mentor of the list, with where they work (career profile). */
export function presentMentor(row: MentorListRow, myRequest?: { id: number; status: string }): Mentor {
  return {
    ...presentUserSummary(row),
    company: row.company,
    job_title: row.jobTitle,
    topics: row.topics,
    capacity: row.capacity,
    active_count: row.activeCount,
    about: row.about,
    my_request: myRequest ? { id: myRequest.id, status: myRequest.status === 'active' ? 'active' : 'pending' } : null,
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
