import type { AppConfig } from './config/index';
import type { DatabaseConnection } from './db/client';
import { createAdminStatsRepository } from './modules/admin/stats/admin-stats.repository';
import { createAdminUsersRepository } from './modules/admin/users/admin-users.repository';
import { createAuthRepository } from './modules/auth/session-person.repository';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createDirectoryRepository } from './modules/directory/directory-page.repository';
import { createCommunitiesRepository } from './modules/communities/communities.repository';
import { createEventsRepository } from './modules/events/events.repository';
import { createJobsRepository } from './modules/jobs/jobs.repository';
import { createMentoringRepository } from './modules/mentoring/mentoring.repository';
import { createMessagingRepository } from './modules/messaging/messaging.repository';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationPreferencesRepository } from './modules/notifications/preferences.repository';
import { createPostsRepository } from './modules/posts/posts.repository';
import { createProfilesRepository } from './modules/profiles/profiles.repository';
import { createReferralsRepository } from './modules/referrals/referral-pages.repository';
import { createRealtimeRepository } from './modules/realtime/realtime.repository';
import { createSearchRepository } from './modules/search/search.repository';
import { createSearchEverythingRepository } from './modules/search-everything/search-everything.repository';
import { createUsersRepository } from './modules/users/users.repository';
import { createVisibilityRepository } from './modules/settings/visibility.repository';

/**
 * The repositories of one app that own prepared statements (they run on the database, never
 * inside a transaction). Built once with the app context; preparing is only building objects (the
 * database parses a statement on its first execution).
 *
 * Their statements run on the pipelined client (`statements`), where a statement waits for every
 * one written before it on its connection. A statement whose cost grows with the data goes to
 * `db` instead, one query per connection, so it holds up no one's feed: the administrators' people
 * search counts every match (18-63 ms among 100,000 people).
 */
export function createRepositories(
  { db, statements }: Pick<DatabaseConnection, 'db' | 'statements'>,
  { postHeadFillQuietMs }: Pick<AppConfig, 'postHeadFillQuietMs'>,
) {
  return {
    auth: createAuthRepository(statements),
    adminStats: createAdminStatsRepository(statements),
    adminUsers: createAdminUsersRepository(db),
    sessions: createSessionsRepository(statements),
    directory: createDirectoryRepository(statements, db),
    communities: createCommunitiesRepository(statements),
    events: createEventsRepository(statements),
    jobs: createJobsRepository(statements),
    mentoring: createMentoringRepository(statements),
    messaging: createMessagingRepository(statements),
    notifications: createNotificationsRepository(statements),
    notificationPreferences: createNotificationPreferencesRepository(statements),
    posts: createPostsRepository(statements, { fillQuietMs: postHeadFillQuietMs }),
    profiles: createProfilesRepository(statements),
    referrals: createReferralsRepository(statements),
    realtime: createRealtimeRepository(statements),
    search: createSearchRepository(statements, db),
    searchEverything: createSearchEverythingRepository(db),
    users: createUsersRepository(statements),
    visibility: createVisibilityRepository(statements),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
