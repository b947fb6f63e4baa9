import type { Executor } from '../../db/client';
import type { ExportSection } from '../../lib/data-export/section';
import { communitiesExport, communityModerationExport } from '../communities/communities.export';
import { eventRegistrationsExport, eventsExport } from '../events/events.export';
import { jobsExport } from '../jobs/jobs.export';
import { mentoringExport } from '../mentoring/mentoring.export';
import { messagesExport } from '../messaging/messaging.export';
import { moderationExport } from '../moderation/moderation.export';
import { notificationsExport } from '../notifications/notifications.export';
import { mentionsExport } from '../posts/mentions.export';
import { commentsExport, likesExport, postsExport } from '../posts/posts.export';
import { referralOffersExport, referralRequestsExport } from '../referrals/referrals.export';
import { settingsExport } from '../settings/settings.export';
import { profileExport } from '../users/users.export';

export { EXPORT_PAGE_SIZE, exportedMediaPath, type ExportSection } from '../../lib/data-export/section';

/**
 * The JSON files of an export, in the zip's order (DATA_EXPORT_FILES in the contract). Each module
 * owns its section (`<module>.export.ts`); a new table with a reference to a person joins a section
 * here or NOT_EXPORTED below, or data-export.coverage.test.ts fails.
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  profileExport,
  postsExport,
  commentsExport,
  likesExport,
  messagesExport,
  referralOffersExport,
  mentoringExport,
  eventsExport,
  settingsExport,
  referralRequestsExport,
  eventRegistrationsExport,
  communitiesExport,
  communityModerationExport,
  notificationsExport,
  jobsExport,
  moderationExport,
  mentionsExport,
];

/** References to a person ("table.column") deliberately left out of the export, each with why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  'invitations.invited_by_id': "Invitations an administrator sent: other people's addresses and names.",
  'notification_digest_items.actor_id': "Items waiting in other people's digests that name them (dropped when they leave).",
  'refresh_sessions.user_id': 'Sign-in secrets (hashed refresh tokens), not data the person gave us.',
  'session_families.user_id': 'Sign-in bookkeeping (when a session family started and ended), a security control.',
  'one_time_codes.user_id': 'Secrets: hashed sign-in and reset codes, gone within minutes.',
  'sso_handoffs.user_id': 'Secrets: hashed single sign-on codes, gone within a minute.',
  'sign_in_addresses.user_id': 'Keyed hashes of sign-in addresses, kept only to notice a sign-in from a new place; nothing readable.',
  'data_exports.user_id': 'The exports themselves (their state is shown in Settings → Your data).',
  'notifications.actor_id': "Notifications in other people's inboxes about what the person did: the recipients' data.",
  'notification_digests.user_id': 'Delivery bookkeeping of digest e-mails; their items are in notifications.json.',
  'notification_digest_items.user_id': 'Queued digest entries: the same notifications as notifications.json.',
  'referral_request_events.actor_id':
    "Status changes the person made on requests to their offers: part of each requester's history (their export), not the person's own requests.",
  'posts.deleted_by':
    "A moderator's removal of someone else's post: the author's data (their posts.json has the reason) and the audit log's.",
  'post_reports.resolved_by': "A moderator's decision on others' reports: the organisation's moderation record.",
  'moderation_appeals.decided_by':
    "A moderator's decision on someone else's appeal: the appellant's data (their moderation.json has the reply).",
  'roster_imports.admin_id':
    "Roster imports an administrator ran: other people's addresses and names (the organisation's record, like the audit log).",
  'audit_log.actor_id': "The organisation's record of admin actions on other people's data.",
  'user_skills.user_id':
    "A copy of the skills, company, location, cohort year, role and referral flag of their profile (profile.json has them), kept for the directory's skill filter.",
};

/** The person's media keys, each once: what the sections refer to under media/. */
export async function* mediaKeysToExport(db: Executor, personId: number): AsyncIterable<string> {
  const seen = new Set<string>();
  for (const section of EXPORT_SECTIONS) {
    if (!section.media) continue;
    for await (const key of section.media(db, personId)) {
      if (seen.has(key)) continue;
      seen.add(key);
      yield key;
    }
  }
}
