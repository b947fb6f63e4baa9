// What other modules may call: account deletion ends a person's mentorships; the admin outcomes
// answer gains the mentorships block; a role change pauses the card of someone who may not mentor.
export { endMentorshipsOf } from './mentorships.service';
export { mentorshipCounts } from './mentoring-admin';
export { applyRoleToMentorCard } from './mentoring.service';
