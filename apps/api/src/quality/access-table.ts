// Who may call each route. authorization.test.ts checks the server against this table and fails
// when a route has no entry, so a new route cannot ship without a decision about its access.

/**
 * - public: anyone, no token needed.
 * - signed-in: any signed-in person (401 without a token).
 * - owner: signed in, and the object must be theirs (or they take part in it); others get 403/404.
 * - alumni: signed-in alumni only (403 for the other roles).
 * - alumni-or-admin: signed-in alumni or administrators (403 for trainees and interns).
 * - admin: administrators only (403 for TR, IN and AL).
 */
export type Access = 'public' | 'signed-in' | 'owner' | 'alumni' | 'alumni-or-admin' | 'admin';

export const ACCESS: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // Prometheus metrics: this machine (a loopback peer no proxy relayed) or Authorization: Bearer $METRICS_TOKEN; else 403/401
  'GET /metrics': 'public',
  'GET /dev/mailbox/': 'public', // only on the embedded default without SMTP, outside production; loopback peers only
  'GET /dev/mailbox/messages.json': 'public', // only on the embedded default without SMTP, outside production; loopback peers only

  // Accounts
  'POST /users/register/': 'public',
  'POST /register/': 'public',
  'POST /users/verify-otp/': 'public',
  'POST /verify-otp/': 'public',
  'POST /users/resend-verification/': 'public',
  'POST /resend-verification/': 'public',
  'POST /users/forgot-password/': 'public',
  'POST /forgot-password/': 'public',
  'POST /users/reset-password/': 'public',
  'POST /reset-password/': 'public',
  'POST /api/token/': 'public',
  'POST /api/token/verify-2fa/': 'public',
  'POST /api/token/refresh/': 'public',
  'POST /api/auth/logout/': 'signed-in',
  // Single sign-on (the last three only when OIDC_* are set; the test app turns it on)
  'GET /api/auth/oidc/': 'public',
  'GET /api/auth/oidc/start/': 'public',
  'GET /api/auth/oidc/callback/': 'public',
  'POST /api/auth/oidc/exchange/': 'public',
  'POST /api/account/password/': 'signed-in',
  'POST /api/account/email/': 'signed-in',
  'POST /api/account/email/confirm/': 'signed-in',
  'DELETE /api/account/': 'signed-in',
  'POST /api/account/export/': 'signed-in',
  'GET /api/account/export/': 'signed-in',
  // Only the export's owner: 404 for anyone else (data-export.test.ts), as for an unknown id.
  'GET /api/account/export/{id}/download/': 'signed-in',
  'POST /api/account/export/{id}/ticket/': 'signed-in',
  // The one-time ticket (minted for the signed-in owner, ≤ 60 s, hashed at rest) is its own credential:
  // a browser navigation carries no bearer token (modules/data-export/data-export.ticket.ts).
  'GET /api/account/export/tickets/{ticket}/': 'public',

  // Public pages: communities and events read without a token (more with one)
  'GET /api/communities/': 'public',
  'GET /api/communities/{slug}/': 'public',
  'POST /api/communities/{slug}/join/': 'signed-in',
  'POST /api/communities/{slug}/leave/': 'signed-in',
  // Spaces (decision 034): the feed and moderators read by anyone signed in; a moderator removes posts of their space
  'GET /api/communities/{slug}/posts/': 'signed-in',
  'GET /api/communities/{slug}/moderators/': 'signed-in',
  // Its members the caller may see; a members-only space lists them to members (and admins) alone (403)
  'GET /api/communities/{slug}/members/': 'signed-in',
  'PATCH /api/communities/{slug}/': 'admin',
  'POST /api/communities/{slug}/moderators/': 'admin',
  'DELETE /api/communities/{slug}/moderators/': 'admin',
  'DELETE /api/communities/{slug}/posts/{id}/': 'signed-in', // then the space's moderators and admins alone, 403 for others (spaces.test.ts)
  'GET /api/events/': 'public',
  'GET /api/events/{id}/': 'public',
  'POST /api/events/': 'admin',
  'PATCH /api/events/{id}/': 'admin',
  'POST /api/events/{id}/register/': 'signed-in',
  'DELETE /api/events/{id}/register/': 'signed-in',
  'GET /api/events/{id}/discussion/': 'signed-in',
  'GET /api/events/{id}/going/': 'signed-in',
  'POST /api/events/{id}/discussion/': 'signed-in',
  'GET /api/events/{id}/calendar.ics': 'public',
  // The event's host (its creator) and admins; anyone else 403
  'GET /api/events/{id}/attendees/': 'owner',
  'GET /api/events/{id}/attendees.csv': 'owner',
  'POST /api/events/{id}/check-in/': 'owner',

  // Posts, profiles, search
  'GET /social/posts/': 'signed-in',
  'POST /social/posts/': 'signed-in',
  'GET /social/posts/user-posts/': 'signed-in',
  'POST /social/posts/{id}/like/': 'signed-in',
  'POST /social/posts/{id}/comment/': 'signed-in',
  'GET /social/posts/{id}/comments/': 'signed-in',
  'DELETE /social/posts/{id}/': 'owner',
  // The author edits their post or comment; 403 for others, 404 when hidden (post-edits.test.ts)
  'PATCH /social/posts/{id}/': 'owner',
  'PATCH /social/posts/{id}/comments/{comment_id}/': 'signed-in', // then the comment's author alone, 403 for others (post-edits.test.ts)
  'POST /social/posts/{id}/report/': 'signed-in', // not your own post (400), posts hidden from you 404
  'GET /social/moderation/{id}/': 'owner',
  'POST /social/moderation/{id}/appeal/': 'owner',
  'GET /social/user-profiles/me/': 'signed-in',
  'GET /social/profiles/me/': 'signed-in',
  'PUT /social/user-profiles/update-me/': 'signed-in',
  'PUT /social/profiles/update-me/': 'signed-in',
  'GET /social/user-profiles/by-id/': 'signed-in',
  'GET /social/profiles/by-id/': 'signed-in',
  'GET /social/user-profiles/by-username/': 'signed-in',
  'GET /social/profiles/by-username/': 'signed-in',
  'GET /api/search-users/': 'signed-in',
  'GET /users/search-users/': 'signed-in',
  'GET /api/directory/': 'signed-in',
  'GET /api/directory/facets/': 'signed-in',
  'GET /api/activity/recent/': 'signed-in',

  // Messaging and notifications
  'GET /social/conversations/': 'signed-in',
  'POST /social/conversations/start_conversation/': 'signed-in',
  'GET /social/conversations/{id}/messages/': 'owner',
  'POST /social/conversations/{id}/send_message/': 'owner',
  'GET /social/notifications/': 'signed-in',
  'POST /social/notifications/read/': 'signed-in',
  'GET /social/settings/': 'signed-in',
  'PUT /social/settings/': 'signed-in',
  'GET /social/settings/notifications/': 'signed-in',
  'PUT /social/settings/notifications/': 'signed-in',
  'GET /api/unsubscribe/': 'public', // the signed token in the link is the credential
  'POST /api/unsubscribe/': 'public', // RFC 8058 one-click: mail clients post without a sign-in
  'GET /social/settings/privacy/': 'signed-in',
  'PUT /social/settings/privacy/': 'signed-in',

  // Careers
  'GET /api/jobs/': 'signed-in',
  'GET /api/jobs/mine/': 'signed-in',
  'GET /api/jobs/{id}/': 'signed-in',
  'POST /api/jobs/': 'alumni-or-admin',
  'PATCH /api/jobs/{id}/': 'owner',
  'POST /api/jobs/{id}/close/': 'owner',
  'POST /api/jobs/{id}/reopen/': 'owner',
  'GET /api/referral-user/': 'signed-in',
  'GET /api/referrals/': 'signed-in',
  'GET /api/referrals/mine/': 'signed-in',
  'POST /api/referrals/create/': 'alumni',
  'POST /api/referrals/{id}/close/': 'owner',
  'POST /api/referrals/{id}/reopen/': 'owner',
  'POST /api/referrals/{id}/requests/': 'signed-in', // not on one's own offer (403), only on an open one (409)
  'GET /api/referrals/{id}/requests/': 'owner', // and admins
  'GET /api/referral-requests/mine/': 'signed-in',
  'GET /api/referral-requests/received/': 'alumni', // the requests on the caller's own offers
  'GET /api/referral-requests/{id}/': 'owner', // requester, the offer's alumnus, admins
  'POST /api/referral-requests/{id}/status/': 'owner', // the offer's alumnus
  'POST /api/referral-requests/{id}/withdraw/': 'owner', // the requester

  // Mentoring
  'GET /api/mentoring/profile/': 'signed-in',
  'PUT /api/mentoring/profile/': 'alumni-or-admin',
  'GET /api/mentoring/mentors/': 'signed-in',
  'GET /api/mentoring/mentors/{id}/': 'signed-in',
  'POST /api/mentoring/requests/': 'signed-in',
  'GET /api/mentoring/requests/': 'signed-in',
  'POST /api/mentoring/requests/{id}/accept/': 'owner',
  'POST /api/mentoring/requests/{id}/decline/': 'owner',
  'POST /api/mentoring/requests/{id}/cancel/': 'owner',
  'POST /api/mentoring/requests/{id}/complete/': 'owner',

  // Administration
  'GET /users/': 'admin',
  'GET /api/admin/users/': 'admin',
  'PATCH /users/admin/update-role/': 'admin',
  'PATCH /admin/update-role/': 'admin',
  'DELETE /users/admin/delete-user/{id}/': 'admin',
  'DELETE /admin/delete-user/{id}/': 'admin',
  'GET /social/admin/posts/': 'admin',
  'DELETE /social/admin/posts/{id}/delete_post/': 'admin',
  'GET /social/admin/reports/': 'admin',
  'POST /social/admin/reports/{id}/dismiss/': 'admin',
  'GET /social/admin/appeals/': 'admin',
  'POST /social/admin/appeals/{id}/decide/': 'admin',
  'GET /social/admin/queue-counts/': 'admin',
  'GET /social/admin/posts/{id}/image/': 'admin',
  'GET /api/admin/stats/': 'admin',
  'GET /api/admin/system/': 'admin',
  'GET /api/admin/audit-log/': 'admin',
  'GET /api/admin/jobs/': 'admin',
  'GET /api/admin/referrals/': 'admin',
  'GET /api/admin/mentoring/': 'admin',
  'GET /api/admin/outcomes/': 'admin',
  'GET /api/admin/outcomes.csv': 'admin',
  'POST /api/admin/digests/run/': 'admin',

  // Onboarding an organisation (DESIGN 9.1)
  'POST /api/admin/roster/preview/': 'admin',
  'POST /api/admin/roster/import/': 'admin',
  'GET /api/admin/roster/imports/': 'admin',
  'GET /api/admin/roster/imports/{id}/': 'admin',
  'GET /api/admin/roster/imports/{id}/rejected.csv': 'admin',
  'GET /api/admin/cohorts/': 'admin',
  'POST /api/admin/cohorts/': 'admin',
  'PATCH /api/admin/cohorts/{id}/': 'admin',
  'DELETE /api/admin/cohorts/{id}/': 'admin',
  'POST /api/admin/cohorts/{id}/apply/': 'admin',
  'POST /api/admin/cohorts/{id}/members/': 'admin',
  'GET /api/admin/cohorts/{id}/members/': 'admin',
  'POST /api/admin/invitations/': 'admin',
  'GET /api/admin/invitations/': 'admin',
  'POST /api/admin/invitations/{id}/resend/': 'admin',
  'POST /api/admin/invitations/{id}/revoke/': 'admin',
  // The link's token is its own credential (stored hashed, single use, 14 days); rate-limited per address.
  'GET /api/invitations/{token}/': 'public',
  'POST /api/invitations/{token}/accept/': 'public',
  'GET /api/admin/sign-up-policy/': 'admin',
  'PUT /api/admin/sign-up-policy/': 'admin',
  'GET /api/sign-up-policy/': 'public',
  // Search everything (DESIGN 9.3)
  'GET /api/search/': 'signed-in',
  'GET /api/tags/trending/': 'signed-in',
};

/**
 * Routes outside the OpenAPI document, by path prefix: the API docs, the WebSocket (signed in
 * by its first frame, tested in modules/realtime) and the static SPA/media fallback.
 */
export const INFRASTRUCTURE_ROUTES: readonly { prefix: string; why: string }[] = [
  { prefix: '/api/docs', why: 'OpenAPI document and its UI (public)' },
  { prefix: '/ws', why: 'WebSocket; the first frame must carry a valid access token' },
  { prefix: '*', why: 'static SPA and media files (public)' },
];
