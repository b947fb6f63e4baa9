import type { Database } from './db/client';
import { createAdminStatsRepository } from './modules/admin/stats/admin-stats.repository';
import { createAdminUsersRepository } from './modules/admin/users/admin-users.repository';
import { createAuthRepository } from './modules/auth/session-person.repository';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createMentoringRepository } from './modules/mentoring/mentoring.repository';
import { createMessagingRepository } from './modules/messaging/messaging.repository';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationPreferencesRepository } from './modules/notifications/preferences.repository';
import { createPostsRepository } from './modules/posts/posts.repository';
import { createProfilesRepository } from './modules/profiles/profiles.repository';
import { createRealtimeRepository } from './modules/realtime/realtime.repository';
import { createSearchRepository } from './modules/search/search.repository';
import { createUsersRepository } from './modules/users/users.repository';
import { createVisibilityRepository } from './modules/settings/visibility.repository';

/**
 * The repositories of one app that own prepared statements, bound to its `db` (statements run on
 * the database, never inside a transaction). Built once with the app context; preparing is only
 * building objects (the database parses a statement on its first execution).
 */
export function createRepositories(db: Database) {
  return {
    auth: createAuthRepository(db),
    adminStats: createAdminStatsRepository(db),
    adminUsers: createAdminUsersRepository(db),
    sessions: createSessionsRepository(db),
    mentoring: createMentoringRepository(db),
    messaging: createMessagingRepository(db),
    notifications: createNotificationsRepository(db),
    notificationPreferences: createNotificationPreferencesRepository(db),
    posts: createPostsRepository(db),
    profiles: createProfilesRepository(db),
    realtime: createRealtimeRepository(db),
    search: createSearchRepository(db),
    users: createUsersRepository(db),
    visibility: createVisibilityRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
