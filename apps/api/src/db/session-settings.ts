/**
 * Session settings both PostgreSQL pools (db/client.ts: node-postgres, and the pipelined postgres.js
 * client) open their connections with. JIT compilation is off: every statement here is a short read
 * or write, and PostgreSQL compiles any statement it estimates dear (cost above jit_above_cost): a
 * search for a common word among a million posts spent 1.8 s compiling for a 2 s run.
 */
export const SESSION_SETTINGS = { jit: 'off' } as const;

/** The settings as node-postgres's `options` startup parameter (`-c name=value …`). */
export const sessionSettingsOption = (): string =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
