import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireUser } from '../guards';

/**
 * The user area (/user/*): guard, then the lazily loaded shell, then its pages (each its own chunk).
 * Pages are imported from their own modules, not from their feature's index: the shell imports
 * hooks from those indexes, and a lazily imported index would put the whole page in the shell's load.
 */
export const userRoutes: RouteObject = {
  path: paths.user.root,
  Component: RequireUser,
  children: [
    {
      lazy: () => import('../layouts/user-layout').then((m) => ({ Component: m.UserLayout })),
      children: [
        { index: true, lazy: () => import('./user-home').then((m) => ({ Component: m.UserHomePage })) },
        { path: paths.user.profile, lazy: () => import('./user-profile').then((m) => ({ Component: m.UserProfilePage })) },
        { path: paths.user.profileOf, lazy: () => import('./user-profile').then((m) => ({ Component: m.UserProfilePage })) },
        {
          path: paths.user.profileByUsername,
          lazy: () => import('@/features/posts/pages/mention-profile-page').then((m) => ({ Component: m.MentionProfilePage })),
        },
        {
          path: paths.user.messages,
          lazy: () => import('@/features/messaging/pages/messages-page').then((m) => ({ Component: m.MessagesPage })),
        },
        { path: paths.user.jobs, lazy: () => import('@/features/jobs/pages/jobs-page').then((m) => ({ Component: m.JobsPage })) },
        {
          path: paths.user.referrals,
          lazy: () => import('@/features/referrals/pages/referrals-page').then((m) => ({ Component: m.ReferralsPage })),
        },
        {
          path: paths.user.people,
          lazy: () => import('@/features/directory/pages/directory-page').then((m) => ({ Component: m.DirectoryPage })),
        },
        {
          path: paths.user.mentoring,
          lazy: () => import('@/features/mentoring/pages/mentoring-page').then((m) => ({ Component: m.MentoringPage })),
        },
        {
          path: paths.user.settings,
          lazy: () => import('@/features/settings/pages/settings-layout').then((m) => ({ Component: m.SettingsLayout })),
          children: [
            {
              index: true,
              lazy: () => import('@/features/settings/pages/settings-index-page').then((m) => ({ Component: m.SettingsIndexPage })),
            },
            {
              path: paths.user.profileSettings,
              lazy: () => import('@/features/settings/pages/profile-settings-page').then((m) => ({ Component: m.ProfileSettingsPage })),
            },
            {
              path: paths.user.privacySettings,
              lazy: () => import('@/features/settings/pages/privacy-settings-page').then((m) => ({ Component: m.PrivacySettingsPage })),
            },
            {
              path: paths.user.notificationSettings,
              lazy: () =>
                import('@/features/settings/pages/notification-settings-page').then((m) => ({ Component: m.NotificationSettingsPage })),
            },
            {
              path: paths.user.accountSettings,
              lazy: () => import('@/features/settings/pages/account-settings-page').then((m) => ({ Component: m.AccountSettingsPage })),
            },
          ],
        },
        {
          path: paths.user.moderationCase,
          lazy: () => import('@/features/moderation/pages/moderation-case-page').then((m) => ({ Component: m.ModerationCasePage })),
        },
        {
          path: paths.user.notifications,
          lazy: () => import('@/features/notifications/pages/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
        },
        {
          path: paths.user.events,
          lazy: () => import('@/features/events/pages/events-page').then((m) => ({ Component: m.UserEventsPage })),
        },
        {
          path: paths.user.event,
          lazy: () => import('@/features/events/pages/event-page').then((m) => ({ Component: m.EventPage })),
        },
        {
          path: paths.user.eventCheckIn,
          lazy: () => import('@/features/events/pages/event-check-in-page').then((m) => ({ Component: m.EventCheckInPage })),
        },
        {
          path: paths.user.search,
          lazy: () => import('@/features/search/pages/search-page').then((m) => ({ Component: m.SearchPage })),
        },
        { path: paths.user.tag, lazy: () => import('@/features/posts/pages/tag-page').then((m) => ({ Component: m.TagPage })) },
        { path: paths.user.space, lazy: () => import('@/features/communities/pages/space-page').then((m) => ({ Component: m.SpacePage })) },
      ],
    },
  ],
};
