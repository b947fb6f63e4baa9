import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The test API. Tests add their own handlers with `server.use(...)`; anything else fails — except
 * these defaults, asked by pages that render anywhere: single sign-on is off (the sign-in and
 * sign-up pages ask after painting).
 */
export const server = setupServer(http.get('/api/auth/oidc/', () => HttpResponse.json({ enabled: false, label: null })));
