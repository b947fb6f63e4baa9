import { cascade, kept, type LeavePart } from '../../lib/leave';
import { endMentorshipsOf } from './mentorships.service';

/** Mentoring: pending requests are cancelled, active mentorships completed (the mentor's place freed), their mentor card goes. */
export const mentoringLeave: LeavePart = {
  name: 'mentoring',
  tables: [
    cascade('mentor_profiles.user_id', 'their mentor card stops listing them first, then goes'),
    cascade('mentor_topics.user_id', "their card's topic rows go with the card"),
    kept('mentorships.mentor_id', 'ended first; the mentee keeps the record and the admin counts, the mentor null'),
    kept('mentorships.mentee_id', "ended first (the mentor's place freed); kept for the mentor and the counts"),
  ],
  async run(tx, _leave, person) {
    await endMentorshipsOf(tx, person.id);
  },
};
