import type { Event, Paginated, createEventRequestSchema, updateEventRequestSchema } from '@alumlink/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { storeUploadedImage } from '../../lib/images';
import { decodeCursor, toPage } from '../../lib/pagination';
import { canOnEvents } from './events.policy';
import { presentEvent } from './events.presenter';
import * as repository from './events.repository';

export type ListEventsInput = { q?: string; upcoming?: boolean; cursor?: string; limit: number };
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
  // Without a text the list is a prepared statement; a text search is planned for its pattern.
  const rows = text
    ? await repository.findEvents(ctx.db, { text, after, startingAfter, viewerId, take })
    : await ctx.repositories.events.page({ after, startingAfter, viewerId, take });
  const page = toPage(rows, input.limit, (row) => ({ at: row.startsAt, id: row.id }));
  return { results: page.items.map((row) => presentEvent(row, viewer)), next: page.next };
}

/** One event; public. */
export async function getEvent(ctx: Pick<AppContext, 'db'>, viewer: AuthUser | null, eventId: number): Promise<Event> {
  const [row] = await repository.findEvents(ctx.db, { viewerId: viewer?.id ?? null, eventId, take: 1 });
  if (!row) throw eventNotFound();
  return presentEvent(row, viewer);
}

function assertManager(user: AuthUser): void {
  if (!canOnEvents(user, 'manage')) throw forbidden(undefined, 'forbidden');
}

/** Admin: creates an event (the optional cover image is re-encoded like a post image). */
export async function createEvent(ctx: AppContext, user: AuthUser, input: CreateEventInput, image?: Buffer): Promise<Event> {
  assertManager(user);
  const imageKey = image ? await storeUploadedImage(ctx.storage, image, 'post') : null;
  const row = await repository.insertEvent(ctx.db, {
    title: input.title,
    startsAt: new Date(input.starts_at),
    host: input.host,
    category: input.category,
    description: input.description,
    capacity: input.capacity,
    image: imageKey,
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
  if (!(await repository.eventExists(ctx.db, eventId))) throw eventNotFound();
  const changes: Partial<repository.EventValues> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.starts_at !== undefined) changes.startsAt = new Date(input.starts_at);
  if (input.host !== undefined) changes.host = input.host;
  if (input.category !== undefined) changes.category = input.category;
  if (input.description !== undefined) changes.description = input.description;
  if (input.capacity !== undefined) changes.capacity = input.capacity;
  if (image) changes.image = await storeUploadedImage(ctx.storage, image, 'post');
  const row = await repository.updateEvent(ctx.db, eventId, changes);
  if (!row) throw eventNotFound();
  // More places (or none limited): the first waitlisted people move up and are told.
  if (input.capacity !== undefined) await applyCapacityChange(ctx, row.id);
  return getEvent(ctx, user, row.id);
}
