import type { LeavePart } from '../../lib/leave';
import { endMentorshipsOf } from './mentorships.service';

/** Mentoring: pending requests are cancelled, active mentorships completed (the mentor's place freed), their mentor card goes. */
export const mentoringLeave: LeavePart = {
  name: 'mentoring',
  tables: [
    {
      table: 'mentor_profiles',
      column: 'user_id',
      rule: 'cascade',
      why: 'their mentor card stops listing them first, then goes',
    },
    { table: 'mentor_topics', column: 'user_id', rule: 'cascade', why: "their card's topic rows go with the card" },
    {
      table: 'mentorships',
      column: 'mentor_id',
      rule: 'kept',
      why: 'ended first; the mentee keeps the record and the admin counts, the mentor null',
    },
    {
      table: 'mentorships',
      column: 'mentee_id',
      rule: 'kept',
      why: "ended first (the mentor's place freed); kept for the mentor and the counts",
    },
  ],
  async run(tx, _leave, person) {
    await endMentorshipsOf(tx, person.id);
  },
};
