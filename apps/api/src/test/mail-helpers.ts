import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outgoingEmails, type OutgoingEmailRow } from '../db/schema/index';

/** Every e-mail written to the outbox for `email` (any status), newest first. */
export async function emailsTo(db: Executor, email: string): Promise<OutgoingEmailRow[]> {
  return db
    .select()
    .from(outgoingEmails)
    .where(eq(sql`lower(${outgoingEmails.toAddress})`, email.toLowerCase()))
    .orderBy(desc(outgoingEmails.id));
}

/** The 6-digit code in the newest e-mail to `email`; throws when there is none. */
export async function lastCodeSentTo(db: Executor, email: string): Promise<string> {
  const [latest] = await emailsTo(db, email);
  const code = latest ? /\b(\d{6})\b/.exec(latest.textBody)?.[1] : undefined;
  if (!code) throw new Error(`No e-mail with a code was sent to ${email}`);
  return code;
}
