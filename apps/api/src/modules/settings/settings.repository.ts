import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userSettings, type UserSettingsRow } from '../../db/schema/index';

/** Columns a settings update may change. */
export type SettingsChanges = Partial<Omit<UserSettingsRow, 'userId' | 'updatedAt'>>;

export async function findSettings(db: Executor, userId: number): Promise<UserSettingsRow | null> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row ?? null;
}

/** Creates the row with defaults plus `changes`, or changes only the given columns of the existing row. */
export async function upsertSettings(db: Executor, userId: number, changes: SettingsChanges, now: Date): Promise<UserSettingsRow> {
  const [row] = await db
    .insert(userSettings)
    .values({ ...changes, userId, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: now } })
    .returning();
  if (!row) throw new Error('upsertSettings: no row returned');
  return row;
}
