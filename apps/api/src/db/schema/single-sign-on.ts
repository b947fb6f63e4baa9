import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * One-time codes of single sign-on (modules/single-sign-on): the callback hands the browser one
 * at /login/sso?code=…, and the web app exchanges it once for the sign-in's tokens within a
 * minute. Only the code's SHA-256 is stored. Expired rows are deleted by the next callback.
 */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique('sso_handoffs_code_hash_unique'),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('sso_handoffs_expires_idx').on(t.expiresAt), index('sso_handoffs_user_idx').on(t.userId)],
);
export type SsoHandoffRow = typeof ssoHandoffs.$inferSelect;
