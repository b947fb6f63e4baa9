import type { ReferralRequestStatus } from '@alumlink/contract';

/** What the alumnus does to move a request into each state (DESIGN 8.2), as its button says. */
export const MOVE_ACTION_LABELS: Partial<Record<ReferralRequestStatus, string>> = {
  referred: 'Mark as referred',
  interviewing: 'Move to interviewing',
  hired: 'Mark as hired',
  not_selected: 'Mark not selected',
  declined: 'Decline',
};

export const moveActionLabel = (status: ReferralRequestStatus) => MOVE_ACTION_LABELS[status] ?? status;
