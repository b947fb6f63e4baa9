import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { RealtimeHub } from '../realtime/hub';
import type { Clock } from './clock';

/**
 * What a job may use: the app's context (as every service), the clock, and this instance's
 * realtime hub (the socket sign-in check closes sockets held here); never the app itself.
 */
export type JobDeps = AppContext & { clock: Clock; realtime: RealtimeHub };

export function jobDepsOf(app: FastifyInstance, clock: Clock): JobDeps {
  return { ...app.ctx, clock, realtime: app.realtime };
}
