// What other modules may call: account deletion ends a person's mentorships; the admin outcomes
// answer gains the mentorships block.
export { endMentorshipsOf } from './mentorships.service';
export { mentorshipCounts } from './mentoring-admin';
