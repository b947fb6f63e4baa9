import type { Executor } from '../../db/client';
import { userSettings, type UserSettingsRow } from '../../db/schema/index';
import { inserted } from './support';

export type CreateUserSettingsOptions = Partial<typeof userSettings.$inferInsert> & Pick<typeof userSettings.$inferInsert, 'userId'>;

/** Inserts a person's settings row: the defaults except what is given (no row at all means the defaults too). */
export async function createUserSettings(db: Executor, options: CreateUserSettingsOptions): Promise<UserSettingsRow> {
  const rows = await db.insert(userSettings).values(options).returning();
  return inserted(rows, 'createUserSettings');
}
