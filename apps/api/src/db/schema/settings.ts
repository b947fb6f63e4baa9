import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/** Per-person settings of the settings page; a missing row means the defaults. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Default, Blue, Dark or Light. */
    theme: text('theme').notNull().default('Default'),
    /** Public, Private or Only Connections (people you have a conversation with). */
    profileVisibility: text('profile_visibility').notNull().default('Public'),
    /** Grid, List or Compact: how the feed is laid out. */
    dashboardLayout: text('dashboard_layout').notNull().default('Grid'),
    /** Off: you do not appear in others' 'recent activity'. */
    activityTracking: boolean('activity_tracking').notNull().default(true),
    /** On: sign-in also asks for a code e-mailed to you. */
    twoFactor: boolean('two_factor').notNull().default(false),
    /** Off: you are left out of the alumni directory (DESIGN 8.1). */
    listedInDirectory: boolean('listed_in_directory').notNull().default(true),
    // Per-field privacy (DESIGN 8.4): everyone, connections or only_me for each field.
    emailVisibleTo: text('email_visible_to').notNull().default('everyone'),
    phoneVisibleTo: text('phone_visible_to').notNull().default('only_me'),
    companyVisibleTo: text('company_visible_to').notNull().default('everyone'),
    locationVisibleTo: text('location_visible_to').notNull().default('everyone'),
    cohortYearVisibleTo: text('cohort_year_visible_to').notNull().default('everyone'),
    skillsVisibleTo: text('skills_visible_to').notNull().default('everyone'),
    widgetAnalytics: boolean('widget_analytics').notNull().default(true),
    widgetRecentActivity: boolean('widget_recent_activity').notNull().default(true),
    widgetUpcomingEvents: boolean('widget_upcoming_events').notNull().default(true),
    widgetJobAlerts: boolean('widget_job_alerts').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('user_settings_theme_check', sql`${t.theme} in ('Default', 'Blue', 'Dark', 'Light')`),
    check('user_settings_visibility_check', sql`${t.profileVisibility} in ('Public', 'Private', 'Only Connections')`),
    check('user_settings_layout_check', sql`${t.dashboardLayout} in ('Grid', 'List', 'Compact')`),
    ...(['email', 'phone', 'company', 'location', 'cohort_year', 'skills'] as const).map((field) =>
      check(
        `user_settings_${field}_visible_to_check`,
        sql`${sql.identifier(`${field}_visible_to`)} in ('everyone', 'connections', 'only_me')`,
      ),
    ),
  ],
);

export type UserSettingsRow = typeof userSettings.$inferSelect;
