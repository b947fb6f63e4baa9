import { EVENT_MESSAGES, type Event, type Paginated, createEventRequestSchema, updateEventRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { forbidden, validation } from '../../lib/errors';
import { storeUploadedImage } from '../../lib/images';
import { decodeCursor, toPage } from '../../lib/pagination';
import { canOnEvents } from './events.policy';
import { presentEvent } from './events.presenter';
import * as repository from './events.repository';

export type ListEventsInput = { q?: string; upcoming?: boolean; community?: string; cursor?: string; limit: number };
export type CreateEventInput = z.output<typeof createEventRequestSchema>;
export type UpdateEventInput = z.output<typeof updateEventRequestSchema>;

import { eventNotFound } from './event-errors';
import { applyCapacityChange } from './registration.service';

export { eventNotFound };

/** Events by date, optionally filtered by title/category; public (`registered` for a signed-in viewer). */
export async function listEvents(ctx: AppContext, viewer: AuthUser | null, input: ListEventsInput): Promise<Paginated<Event>> {
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const text = input.q?.trim() || undefined;
  const startingAfter = input.upcoming ? new Date() : undefined;
  const viewerId = viewer?.id ?? null;
  const take = input.limit + 1;
  const communitySlug = input.community;
  // Without a text or a space the list is a prepared statement; a text search is planned for its pattern.
  const rows =
    text || communitySlug !== undefined
      ? await repository.findEvents(ctx.db, { text, after, startingAfter, communitySlug, viewerId, reader: viewer, take })
      : await ctx.repositories.events.page({ after, startingAfter, viewerId, reader: viewer, take });
  const page = toPage(rows, input.limit, (row) => ({ at: row.startsAt, id: row.id }));
  return { results: page.items.map((row) => presentEvent(row, viewer)), next: page.next };
}

/** One event; public. */
export async function getEvent(ctx: Pick<AppContext, 'db'>, viewer: AuthUser | null, eventId: number): Promise<Event> {
  const [row] = await repository.findEvents(ctx.db, { viewerId: viewer?.id ?? null, reader: viewer, eventId, take: 1 });
  if (!row) throw eventNotFound();
  return presentEvent(row, viewer);
}

function assertManager(user: AuthUser): void {
  if (!canOnEvents(user, 'manage')) throw forbidden(undefined, 'forbidden');
}

/** An event's community_id that names no community. */
export const EVENT_UNKNOWN_SPACE = 'No community space has this id.';

async function assertSpaceExists(ctx: AppContext, communityId: number | null): Promise<void> {
  if (communityId !== null && !(await repository.communityExists(ctx.db, communityId)))
    throw validation({ community_id: [EVENT_UNKNOWN_SPACE] });
}

/** Admin: creates an event (the optional cover image is re-encoded like a post image). */

export async function createEvent(ctx: AppContext, user: AuthUser, input: CreateEventInput, image?: Buffer): Promise<Event> {
  assertManager(user);
  await assertSpaceExists(ctx, input.community_id);
  const imageKey = image ? await storeUploadedImage(ctx.storage, image, 'post') : null;
  const row = await repository.insertEvent(ctx.db, {
    title: input.title,
    startsAt: new Date(input.starts_at),
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    timeZone: input.time_zone,
    venue: input.venue,
    host: input.host,
    category: input.category,
    description: input.description,
    capacity: input.capacity,
    image: imageKey,
    communityId: input.community_id,
    createdBy: user.id,
  });
  return getEvent(ctx, user, row.id);
}

/** Admin: changes the given fields (and the image when one is sent). */
export async function updateEvent(
  ctx: AppContext,
  user: AuthUser,
  eventId: number,
  input: UpdateEventInput,
  image?: Buffer,
): Promise<Event> {
  assertManager(user);
  const stored = await repository.findEventTimes(ctx.db, eventId);
  if (!stored) throw eventNotFound();
  const changes: Partial<repository.EventValues> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.starts_at !== undefined) changes.startsAt = new Date(input.starts_at);
  if (input.ends_at !== undefined) changes.endsAt = input.ends_at ? new Date(input.ends_at) : null;
  // A new start (or end) alone is checked against the stored end (or start).
  const endsAt = changes.endsAt === undefined ? stored.endsAt : changes.endsAt;
  if (endsAt && endsAt <= (changes.startsAt ?? stored.startsAt)) throw validation({ ends_at: [EVENT_MESSAGES.endsBeforeStart] });
  if (input.time_zone !== undefined) changes.timeZone = input.time_zone;
  if (input.venue !== undefined) changes.venue = input.venue;
  if (input.host !== undefined) changes.host = input.host;
  if (input.category !== undefined) changes.category = input.category;
  if (input.description !== undefined) changes.description = input.description;
  if (input.capacity !== undefined) changes.capacity = input.capacity;
  if (input.community_id !== undefined) {
    await assertSpaceExists(ctx, input.community_id);
    changes.communityId = input.community_id;
  }
  if (image) changes.image = await storeUploadedImage(ctx.storage, image, 'post');
  const row = await repository.updateEvent(ctx.db, eventId, changes);
  if (!row) throw eventNotFound();
  // More places (or none limited): the first waitlisted people move up and are told.
  if (input.capacity !== undefined) await applyCapacityChange(ctx, row.id);
  return getEvent(ctx, user, row.id);
}
