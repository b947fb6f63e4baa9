import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { communities, eventRegistrations, events, users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import type { MediaStorage } from '../lib/storage/index';
import { seedJobs, seedMemberships, seedReferrals } from './demo-careers';
import { DEMO_COMMUNITIES } from './demo-communities';
import { seedConversations } from './demo-conversations';
import { DEMO_EVENT_REGISTRATIONS, demoEvents } from './demo-events';
import { seedMentoring } from './demo-mentoring';
import { seedOnboarding } from './demo-onboarding';
import { seedRoster } from './demo-roster';
import { seedPostNotifications } from './demo-notifications';
import { seedPosts } from './demo-posts';
import { seedReferralPipeline } from './demo-referral-pipeline';
import { seedSpaces } from './demo-spaces';
import { usernameBase } from '../modules/users/users.service';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from './demo-people';
import type { SeedContext, SeedStep } from './seed-step';

export type { SeedContext, SeedStep };

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-people';

/** Name-based usernames (as registration makes them), numbered from the second of a name on. */
function namedUsernames(people: readonly DemoPerson[]): string[] {
  const seen = new Map<string, number>();
  return people.map((person) => {
    const base = usernameBase(person.firstName, person.lastName);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}${count}`;
  });
}

const seedPeople: SeedStep = {
  name: 'people',
  async run(tx, context) {
    const people: DemoPerson[] = [...DEMO_ACCOUNTS, ...DEMO_PEOPLE];
    const usernames = namedUsernames(people);
    const rows = await tx
      .insert(users)
      .values(
        people.map((person, index) => ({
          email: person.email,
          username: usernames[index] ?? person.email,
          passwordHash: context.passwordHash,
          firstName: person.firstName,
          lastName: person.lastName,
          role: person.role,
          isStaff: person.isStaff ?? false,
          emailVerifiedAt: context.now,
          bio: person.bio ?? '',
          skills: person.skills ?? '',
          headline: person.headline ?? '',
          company: person.company ?? '',
          jobTitle: person.jobTitle ?? '',
          location: person.location ?? '',
          cohortYear: person.cohortYear ?? null,
          openToReferrals: person.openToReferrals ?? false,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    for (const row of rows) context.userIds.set(row.email, row.id);
  },
};

const seedCommunities: SeedStep = {
  name: 'communities',
  async run(tx) {
    await tx
      .insert(communities)
      .values([...DEMO_COMMUNITIES])
      .onConflictDoNothing();
  },
};

const seedEvents: SeedStep = {
  name: 'events',
  async run(tx, context) {
    const createdBy = context.userIds.get('admin@example.com') ?? null;
    const rows = await tx
      .insert(events)
      .values(demoEvents(context.now).map((event) => ({ ...event, createdBy })))
      .returning({ id: events.id });
    // One insert, in arrival order (the identity column follows the row order).
    const registrations = DEMO_EVENT_REGISTRATIONS.flatMap(({ event, person, guests, status }) => {
      const eventId = rows[event]?.id;
      const userId = context.userIds.get(DEMO_PEOPLE[person]?.email ?? '');
      return eventId !== undefined && userId !== undefined ? [{ eventId, userId, guests, status }] : [];
    });
    if (registrations.length === 0) return;
    await tx.insert(eventRegistrations).values(registrations);
    for (const row of rows) {
      const mine = registrations.filter((registration) => registration.eventId === row.id);
      const registered = mine.filter((registration) => registration.status === 'registered');
      await tx
        .update(events)
        .set({
          registrationsCount: registered.length,
          seatsTaken: registered.reduce((seats, registration) => seats + 1 + registration.guests, 0),
          waitlistCount: mine.length - registered.length,
        })
        .where(sql`${events.id} = ${row.id}`);
    }
  },
};

/**
 * The demo, in order. Later modules add their steps here (e.g. jobs, posts, referrals),
 * using context.userIds to pick authors.
 */
export const DEMO_SEED_STEPS: SeedStep[] = [
  seedPeople,
  seedCommunities,
  seedEvents,
  seedPosts,
  seedJobs,
  seedReferrals,
  seedReferralPipeline,
  seedMemberships,
  seedSpaces,
  seedConversations,
  seedPostNotifications,
  seedMentoring,
  seedOnboarding,
  seedRoster,
];

/** Any fixed number: two instances starting on one empty database seed it only once. */
const SEED_LOCK_KEY = 7_316_240_913;

export type SeedResult = { seeded: boolean; steps: string[] };

/**
 * Seeds the demo into an empty database (no users) in one transaction; does nothing otherwise,
 * so it is safe to call on every start.
 */
export async function seedDemo(
  db: Database,
  options: { now?: Date; passwordHash?: string; media?: MediaStorage } = {},
): Promise<SeedResult> {
  // Hash before the transaction: PGlite is one connection, so keep transactions short.
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const context: SeedContext = { now: options.now ?? new Date(), passwordHash, userIds: new Map(), media: options.media };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return { seeded: false, steps: [] };
    for (const step of DEMO_SEED_STEPS) await step.run(tx, context);
    return { seeded: true, steps: DEMO_SEED_STEPS.map((step) => step.name) };
  });
}
