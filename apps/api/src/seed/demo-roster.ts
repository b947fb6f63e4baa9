import { rosterImportRejects, rosterImports } from '../db/schema/index';
import type { SeedStep } from './seed-step';

const HOUR = 60 * 60 * 1000;

/**
 * A finished roster import by the admin, a day ago: two invitations (the spring trainees of the
 * onboarding step), one update, one skip and two rejected rows, so the Roster screen shows a
 * result and its rejected rows' CSV.
 */
export const seedRoster: SeedStep = {
  name: 'roster',
  async run(tx, context) {
    const startedAt = new Date(context.now.getTime() - 26 * HOUR);
    const [row] = await tx
      .insert(rosterImports)
      .values({
        adminId: context.userIds.get('admin@example.com') ?? null,
        adminLabel: 'Ada Admin',
        fileName: 'spring-roster.csv',
        status: 'done',
        total: 6,
        processed: 6,
        invited: 2,
        updated: 1,
        skipped: 1,
        rejected: 2,
        heartbeatAt: new Date(startedAt.getTime() + 2000),
        finishedAt: new Date(startedAt.getTime() + 2000),
        createdAt: startedAt,
      })
      .returning();
    if (!row) return;
    await tx.insert(rosterImportRejects).values([
      {
        importId: row.id,
        line: 5,
        email: 'kim.at.example.net',
        firstName: 'Kim',
        lastName: 'Lee',
        role: 'TR',
        message: '"kim.at.example.net" is not a valid e-mail address.',
      },
      {
        importId: row.id,
        line: 7,
        email: 'ravi.menon@example.net',
        firstName: 'Ravi',
        lastName: 'Menon',
        role: 'TR',
        cohort: 'Autumn 2031',
        message: 'There is no cohort named "Autumn 2031".',
      },
    ]);
  },
};
