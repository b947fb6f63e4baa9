/** Mentorships by status (DESIGN 8.3) in funnel order, as the mentoring and outcomes pages count them. */
export const MENTORSHIP_COUNTS = [
  ['requested', 'Requests made'],
  ['pending', 'Pending'],
  ['active', 'Active'],
  ['completed', 'Completed'],
  ['declined', 'Declined'],
  ['cancelled', 'Cancelled'],
] as const;
