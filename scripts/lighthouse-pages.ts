// The pages `npm run lighthouse` walks by default and the verdict it gives each one (issue "first-
// class screens"): every member page signed in as the demo alumnus, every admin page as the demo
// administrator, measured in the same run as the feed.

/** The feed: the page every other one is compared with. */
export const FEED = '/user';

/** Every member and admin page of the app (one event, tag and space of the demo stand for their kind). */
export const ALL_PAGES = [
  '/',
  '/login',
  FEED,
  '/user/profile',
  '/user/people',
  '/user/messages',
  '/user/jobs',
  '/user/referrals',
  '/user/mentoring',
  '/user/events',
  '/user/events/1',
  '/user/notifications',
  '/user/settings/profile',
  '/user/settings/privacy',
  '/user/settings/account',
  '/user/settings/notifications',
  '/user/search?q=react',
  '/user/tags/codereview',
  '/user/communities/web-development',
  '/admin',
  '/admin/jobs',
  '/admin/events',
  '/admin/managepost',
  '/admin/reports',
  '/admin/appeals',
  '/admin/referral',
  '/admin/mentoring',
  '/admin/outcomes',
  '/admin/roleupdater',
  '/admin/audit-log',
  '/admin/cohorts',
  '/admin/invitations',
  '/admin/roster',
  '/admin/system',
  '/admin/profile',
];

/** How far below the feed's performance a page may score. */
export const PERFORMANCE_SLACK = 5;

type Scores = { performance: number; accessibility: number; cls: number };

/** "ok", or what the page misses: performance within 5 points of the feed, accessibility 100, CLS 0. */
export function verdict(page: Scores, feed: Scores | undefined): string {
  const missed: string[] = [];
  if (feed && page.performance < feed.performance - PERFORMANCE_SLACK)
    missed.push(`performance ${page.performance} < feed ${feed.performance} - 5`);
  if (page.accessibility < 100) missed.push(`accessibility ${page.accessibility}`);
  if (page.cls.toFixed(3) !== '0.000') missed.push(`CLS ${page.cls.toFixed(3)}`);
  return missed.length === 0 ? 'ok' : missed.join(', ');
}
