import type { EventGoingPage } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { validation } from '../../lib/errors';
import { presentUserSummary } from '../users/users.presenter';
import { eventNotFound } from './event-errors';
import { eventExists } from './events.repository';
import { countGoing, findGoing } from './going.repository';

const encodeArrival = (arrival: number) => Buffer.from(`going|${arrival}`, 'utf8').toString('base64url');

function decodeArrival(cursor: string): number {
  const match = /^going\|(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw validation({ cursor: ['Invalid cursor.'] });
  return Number(match[1]);
}

/**
 * Who is going (signed-in members): the registered people the caller may see named, page by page;
 * people who leave themselves out of the directory (or whose profile is hidden from the caller)
 * are only counted.
 */
export async function listGoing(
  ctx: Pick<AppContext, 'db'>,
  viewer: AuthUser,
  eventId: number,
  input: { cursor?: string; limit: number },
): Promise<EventGoingPage> {
  if (!(await eventExists(ctx.db, eventId))) throw eventNotFound();
  const afterArrival = input.cursor ? decodeArrival(input.cursor) : undefined;
  const [rows, counts] = await Promise.all([
    findGoing(ctx.db, { eventId, viewer, take: input.limit + 1, ...(afterArrival === undefined ? {} : { afterArrival }) }),
    countGoing(ctx.db, eventId, viewer),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    results: page.map((row) => presentUserSummary(row.user)),
    next: rows.length > input.limit && last ? encodeArrival(last.arrival) : null,
    count: counts.count,
    unnamed: counts.count - counts.named,
  };
}
