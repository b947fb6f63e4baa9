import { createHash, randomBytes } from 'node:crypto';
import { ONBOARDING_LIMITS } from '@alumlink/contract';
import { cohortMembers, cohorts, invitations } from '../db/schema/index';
import { DEMO_PEOPLE } from './demo-people';
import type { SeedStep } from './seed-step';

const DAY = 24 * 60 * 60 * 1000;
const dayFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/** The demo people of a role and cohort year (a cohort's members already carry its year). */
const membersOf = (role: string, year: number, account: string) => [
  account,
  ...DEMO_PEOPLE.filter((person) => person.role === role && person.cohortYear === year).map((person) => person.email),
];
const GRADUATING_YEAR = 2025;
const SPRING_YEAR = 2026;

/** Invitations nobody can accept (their tokens are thrown away): the admin screen's pending and expired tabs. */
const DEMO_INVITATIONS = [
  { email: 'sam.okafor@example.net', firstName: 'Sam', lastName: 'Okafor', role: 'TR', cohort: 'spring', sentDaysAgo: 2 },
  { email: 'lena.kowalski@example.net', firstName: 'Lena', lastName: 'Kowalski', role: 'TR', cohort: 'spring', sentDaysAgo: 1 },
  { email: 'mentor.rivera@example.net', firstName: 'Diego', lastName: 'Rivera', role: 'AL', cohort: null, sentDaysAgo: 4 },
  { email: 'late.reply@example.net', firstName: 'Noor', lastName: 'Haddad', role: 'TR', cohort: 'spring', sentDaysAgo: 20 },
] as const;

/**
 * Two cohorts (the interns' one graduates in six days; the trainees' one starts its internship in
 * a month) and invitations from the admin, so the onboarding screens show the feature at work.
 */
export const seedOnboarding: SeedStep = {
  name: 'onboarding',
  async run(tx, context) {
    const [graduating, spring] = await tx
      .insert(cohorts)
      .values([
        {
          name: `Data track ${GRADUATING_YEAR}`,
          year: GRADUATING_YEAR,
          internFrom: dayFrom(context.now, -60),
          alumniFrom: dayFrom(context.now, 6),
          internAppliedAt: new Date(context.now.getTime() - 60 * DAY),
          changedAt: new Date(context.now.getTime() - 200 * DAY),
          createdAt: new Date(context.now.getTime() - 200 * DAY),
        },
        {
          name: `Full-stack spring ${SPRING_YEAR}`,
          year: SPRING_YEAR,
          internFrom: dayFrom(context.now, 30),
          alumniFrom: dayFrom(context.now, 120),
          changedAt: new Date(context.now.getTime() - 40 * DAY),
          createdAt: new Date(context.now.getTime() - 40 * DAY),
        },
      ])
      .returning();
    if (!graduating || !spring) return;
    for (const [cohort, emails] of [
      [graduating, membersOf('IN', GRADUATING_YEAR, 'intern@example.com')],
      [spring, membersOf('TR', SPRING_YEAR, 'trainee@example.com')],
    ] as const) {
      const ids = emails.flatMap((email) => context.userIds.get(email) ?? []);
      if (ids.length > 0)
        await tx.insert(cohortMembers).values(ids.map((userId) => ({ userId, cohortId: cohort.id, joinedAt: cohort.createdAt })));
    }
    const adminId = context.userIds.get('admin@example.com') ?? null;
    await tx.insert(invitations).values(
      DEMO_INVITATIONS.map((invitation) => {
        const sentAt = new Date(context.now.getTime() - invitation.sentDaysAgo * DAY);
        return {
          email: invitation.email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          role: invitation.role,
          cohortId: invitation.cohort === 'spring' ? spring.id : null,
          tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
          invitedById: adminId,
          invitedByLabel: 'Ada Admin',
          expiresAt: new Date(sentAt.getTime() + ONBOARDING_LIMITS.invitationDays * DAY),
          createdAt: sentAt,
        };
      }),
    );
  },
};
