import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outgoingEmails, type OutgoingEmailRow } from '../../db/schema/index';

/** Newest first, optionally only those to one address (case-insensitive; indexed). */
export async function listRecentEmails(db: Executor, options: { to?: string; limit: number }): Promise<OutgoingEmailRow[]> {
  const query = db.select().from(outgoingEmails);
  const filtered = options.to ? query.where(eq(sql`lower(${outgoingEmails.toAddress})`, options.to.toLowerCase())) : query;
  return filtered.orderBy(desc(outgoingEmails.createdAt), desc(outgoingEmails.id)).limit(options.limit);
}
