import type { LeavePart } from '../../lib/leave';
import { auditLogLeave } from '../audit-log/index';
import { authLeave } from '../auth/auth.leave';
import { communitiesLeave } from '../communities/communities.leave';
import { dataExportLeave } from '../data-export/data-export.leave';
import { eventsLeave } from '../events/events.leave';
import { jobsLeave } from '../jobs/jobs.leave';
import { mediaLeave } from '../media/media.leave';
import { mentoringLeave } from '../mentoring/mentoring.leave';
import { messagingLeave } from '../messaging/messaging.leave';
import { moderationLeave } from '../moderation/moderation.leave';
import { notificationsLeave } from '../notifications/notifications.leave';
import { postsLeave } from '../posts/posts.leave';
import { referralsLeave } from '../referrals/referrals.leave';
import { onboardingLeave } from '../onboarding/onboarding.leave';
import { rosterLeave } from '../onboarding/roster.leave';
import { settingsLeave } from '../settings/settings.leave';
import { usersLeave } from '../users/users.leave';
import { accountLeave } from './account.leave';

/**
 * Every module's part of the leave step, in the order they run (all before the person's row is
 * deleted). A module that stores something about a person adds its part here; leave-parts.test.ts
 * fails on any table referring to a person that no part answers for.
 */
export const LEAVE_PARTS: readonly LeavePart[] = [
  authLeave,
  accountLeave,
  eventsLeave,
  referralsLeave,
  mentoringLeave,
  messagingLeave,
  notificationsLeave,
  postsLeave,
  communitiesLeave,
  mediaLeave,
  dataExportLeave,
  jobsLeave,
  moderationLeave,
  settingsLeave,
  onboardingLeave,
  rosterLeave,
  usersLeave,
  auditLogLeave,
];
