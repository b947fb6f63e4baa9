import type { JobDeclaration } from '../../lib/scheduler/index';
import { closeSocketsOfInvalidSessions } from './realtime.service';

/**
 * Closes this instance's sockets whose sign-in ended without a realtime message reaching it (Redis
 * down, the CLI, SQL): one query per run for all its sockets. Every instance runs it for its own
 * sockets; nothing to claim.
 */
export const realtimeSessionsJob: JobDeclaration = {
  name: 'realtime-sessions',
  every: (config) => config.realtimeSessionCheckMs,
  enabled: () => true,
  run: (deps) => closeSocketsOfInvalidSessions(deps, deps.realtime),
};
