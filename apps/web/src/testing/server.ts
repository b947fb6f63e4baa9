import { setupServer } from 'msw/node';

/** The test API. Tests add their own handlers with `server.use(...)`; anything else fails. */
export const server = setupServer();
