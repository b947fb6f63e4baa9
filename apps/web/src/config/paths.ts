/**
 * Every route of the app, listed once. Route matching is case-insensitive, so
 * `/communities` also serves the specification's `/Communities` (and `/Admin/` → `/admin`).
 * Children of an area use these absolute paths (they start with the area's root).
 */
export const paths = {
  home: '/',
  communities: '/communities',
  events: '/events',
  about: '/about',
  verifiedProfessionals: '/verifiedprofessionals',
  careerGrowth: '/careergrowth',
  industryCommunities: '/Industrycommunities',
  login: '/login',
  /** Where single sign-on lands (`?code=`, a one-time code exchanged for the sign-in). */
  loginSso: '/login/sso',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unsubscribe: '/unsubscribe',
  /** Where an invitation e-mail's link lands (`?token=`). */
  join: '/join',
  user: {
    root: '/user',
    profile: '/user/profile',
    profileOf: '/user/profile/:userId',
    messages: '/user/messages',
    jobs: '/user/jobs',
    referrals: '/user/referrals',
    people: '/user/people',
    mentoring: '/user/mentoring',
    settings: '/user/settings',
    /** Every notification, grouped (the bell's menu links here). */
    notifications: '/user/notifications',
    notificationSettings: '/user/settings/notifications',
    /** Settings sections, each with one Save (the index redirects to the first on desktop, lists them on a phone). */
    profileSettings: '/user/settings/profile',
    privacySettings: '/user/settings/privacy',
    accountSettings: '/user/settings/account',
    events: '/user/events',
    /** The author's own moderated post: reason, appeal and the moderator's reply. */
    moderationCase: '/user/moderation/:postId',
    eventCheckIn: '/user/events/:eventId/check-in',
    /** One event in full. */
    event: '/user/events/:eventId',
    /** Search everything: ?q=&type= */
    search: '/user/search',
    /** One hashtag's posts. */
    tag: '/user/tags/:tag',
    /** A community as a space: its feed and moderators. */
    space: '/user/communities/:slug',
    /** A profile by username: where an @mention links (resolved to profileOf). */
    profileByUsername: '/user/u/:username',
  },
  admin: {
    root: '/admin',
    jobs: '/admin/jobs',
    /** Events: create and edit (venue, times, time zone). */
    events: '/admin/events',
    managePosts: '/admin/managepost',
    referrals: '/admin/referral',
    mentoring: '/admin/mentoring',
    outcomes: '/admin/outcomes',
    roleUpdater: '/admin/roleupdater',
    auditLog: '/admin/audit-log',
    system: '/admin/system',
    reports: '/admin/reports',
    appeals: '/admin/appeals',
    profile: '/admin/profile',
    cohorts: '/admin/cohorts',
    invitations: '/admin/invitations',
    roster: '/admin/roster',
  },
} as const;

/** Where the landing search takes a signed-in person. */
export function userSearchHref(query: string): string {
  return `${paths.user.root}?${new URLSearchParams({ search: query }).toString()}`;
}

/** Someone's profile page in the user area. */
export function profileHref(userId: number): string {
  return `${paths.user.profile}/${userId}`;
}

/** The messages page opened on a conversation with someone, optionally with a prefilled message. */
export function messageUserHref(userId: number, text?: string): string {
  const params = new URLSearchParams({ user_id: String(userId) });
  if (text) params.set('text', text);
  return `${paths.user.messages}?${params.toString()}`;
}

/** The messages page opened on one conversation (notifications link here). */
export function conversationHref(conversationId: number): string {
  return `${paths.user.messages}?${new URLSearchParams({ conversation: String(conversationId) }).toString()}`;
}

/** The page of a moderated post of the signed-in author (notifications of removals and appeal decisions link here). */
export function moderationCaseHref(postId: number): string {
  return `/user/moderation/${postId}`;
}

/** The attendee list and check-in screen of one event (its host and admins). */
export function eventHref(eventId: number): string {
  return `${paths.user.events}/${eventId}`;
}

export function eventCheckInHref(eventId: number): string {
  return `${paths.user.events}/${eventId}/check-in`;
}

export function resetPasswordHref(email: string): string {
  return `${paths.resetPassword}?${new URLSearchParams({ email }).toString()}`;
}

/** Home of a signed-in person: staff land on the admin portal, everyone else on the user area. */
export function homeHrefFor(user: { is_staff?: boolean } | null): string {
  if (!user) return paths.login;
  return user.is_staff ? paths.admin.root : paths.user.root;
}

/** The search results page for a text, optionally on one kind's tab. */
export function searchResultsHref(query: string, type?: string): string {
  const params = new URLSearchParams({ q: query });
  if (type) params.set('type', type);
  return `${paths.user.search}?${params.toString()}`;
}

/** The page of one hashtag's posts (`tag` without '#'). */
export function tagHref(tag: string): string {
  return `/user/tags/${encodeURIComponent(tag.toLowerCase())}`;
}

/** The page of one community as a space. */
export function spaceHref(slug: string): string {
  return `/user/communities/${encodeURIComponent(slug)}`;
}

/** Where an @mention links: the person's profile by username. */
export function mentionHref(username: string): string {
  return `/user/u/${encodeURIComponent(username.toLowerCase())}`;
}
