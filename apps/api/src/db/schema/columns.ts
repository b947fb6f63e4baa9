import { timestamp } from 'drizzle-orm/pg-core';

/**
 * timestamptz with millisecond precision. JavaScript dates carry milliseconds, so keyset
 * cursors built from a Date match the stored value exactly (microseconds would make a page
 * boundary row come back on the next page).
 */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
