import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The test API. Tests add their own handlers with `server.use(...)`; anything else fails — except
 * these defaults, asked by parts that render on many pages: single sign-on is off (the sign-in,
 * sign-up and join pages ask after painting), the viewer is in no community (the composer's
 * "Post to…"), and nothing waits for a moderator (the admin navigation's counts).
 */
export const server = setupServer(
  http.get('/api/auth/oidc/', () => HttpResponse.json({ enabled: false, label: null })),
  http.get('/api/communities/', () => HttpResponse.json([])),
  http.get('/social/admin/queue-counts/', () => HttpResponse.json({ open_reports: 0, open_appeals: 0 })),
);
