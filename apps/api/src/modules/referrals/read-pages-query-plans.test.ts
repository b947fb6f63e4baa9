import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCacheOf } from '../../quality/support/statement-plans';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { referralBoardPageQuery } from './referral-board.sql';
import { eventsPageQuery } from '../events/events.repository';
import { notificationsPageQuery, unreadCountQuery } from '../notifications/notifications.repository';
import { referralRequestsPageQuery } from './referral-request-page.sql';
import { openReferralsPageQuery } from './referral-offers.sql';

// The generic plans of the prepared list statements of issue #44 (decision record 044): each walks
// the index of its filter and order, never a whole table, whatever the parameters.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, role, email_verified_at)
    select 'read' || g || '@example.com', 'read' || g, 'x', case when g % 2 = 0 then 'AL' else 'TR' end, now()
    from generate_series(1, 3000) g`);
  await t.db.execute(sql`
    insert into events (title, starts_at) select 'Event ' || g, now() + (g - 1500) * interval '1 hour' from generate_series(1, 3000) g`);
  await t.db.execute(sql`
    insert into referrals (alumni_id, company, role, ctc, location, requirements, status, created_at)
    select u.id, 'Co', 'Role', 10, 'Remote', 'Skills', case when g % 10 = 0 then 'closed' else 'open' end, now() - g * interval '1 minute'
    from generate_series(1, 1500) g join users u on u.username = 'read' || (2 * g)`);
  await t.db.execute(sql`
    insert into referral_requests (referral_id, requester_id, message, created_at)
    select r.id, u.id, 'Please', now() - g * interval '1 minute'
    from generate_series(1, 6000) g join referrals r on r.id = (select min(id) from referrals) + g % 1500
    join users u on u.username = 'read' || (1 + (g * 7) % 3000) on conflict do nothing`);
  await t.db.execute(sql`
    insert into notifications (user_id, type, actor_id, text, read_at, created_at)
    select u.id, 'post_liked', u.id, 'Liked', case when g % 3 = 0 then now() end, now() - g * interval '1 minute'
    from generate_series(1, 8000) g join users u on u.username = 'read' || (1 + g % 3000)`);
  await t.db.execute(sql`vacuum analyze`);
}, 400_000);
afterAll(() => t.close());

const viewer = { viewerId: 7, seesEveryone: false, beforeAt: 'infinity', beforeId: 2_147_483_647 };
const generic = (query: Parameters<typeof explain>[1], placeholders: Record<string, unknown>) =>
  explain(t.database, query, { generic: true, placeholders });
/** How often PostgreSQL planned the statement generically and afresh in 8 executions with these values. */
const planCache = (query: SQL, placeholders: Record<string, unknown>) => {
  const built = new PgDialect().sqlToQuery(query);
  return planCacheOf(t.database, { text: built.sql, params: fillPlaceholders(built.params, placeholders), via: 'statements' });
};

describe('prepared list statements of the community reads: generic plans', () => {
  it('events walk events_starts_at_idx, for members and administrators alike', async () => {
    for (const seesEveryone of [false, true]) {
      const plan = await generic(eventsPageQuery(t.db, 21), {
        viewerId: 7,
        seesEveryone,
        startingAfter: '-infinity',
        afterAt: '-infinity',
        afterId: 0,
      });
      expect(plan).toMatch(/events_starts_at_idx/);
      expect(plan).not.toMatch(/Seq Scan on events\b/);
    }
  });

  it('open offers walk referrals_status_created_idx; requests of a person or an owner their own index', async () => {
    const offers = await generic(openReferralsPageQuery(21), viewer);
    expect(offers).toMatch(/referrals_status_created_idx/);
    // The viewer's latest request on each offer: their own requests, read once by their index.
    expect(offers).toMatch(/referral_requests_requester_created_idx/);
    expect(offers).not.toMatch(/Seq Scan on (referrals|referral_requests|users)\b/);
    const mine = await generic(referralRequestsPageQuery('requester', 21), { ...viewer, id: 42 });
    expect(mine).toMatch(/referral_requests_requester_created_idx/);
    expect(mine).not.toMatch(/Seq Scan on (referral_requests|users)\b/);
    // The "All offers" board: the alumnus's offers, then each offer's requests in order.
    const owner = await generic(referralRequestsPageQuery('owner', 21), { ...viewer, id: 42 });
    expect(owner).toMatch(/referrals_alumni_idx/);
    expect(owner).toMatch(/referral_requests_referral_created_idx/);
    expect(owner).not.toMatch(/Seq Scan on (referral_requests|referrals|users)\b/);
  });

  it("an offer's board: the offer by its key, then its requests by their index, only for its owner or admins", async () => {
    const { rows } = await t.db.execute<{ id: number; owner: number }>(
      sql`select referral_id as id, (select alumni_id from referrals where id = referral_id) as owner
        from referral_requests group by referral_id order by count(*) desc limit 1`,
    );
    const offer = rows[0] ?? { id: 0, owner: 0 };
    for (const seesEveryone of [false, true]) {
      const board = await generic(referralBoardPageQuery(21), { ...viewer, seesEveryone, id: offer.id });
      expect(board).toMatch(/referrals_pkey/);
      expect(board).toMatch(/referral_requests_referral_created_idx/);
      // The reader's right to the page is decided once, before any request is read.
      expect(board).toMatch(/One-Time Filter/);
      expect(board).not.toMatch(/Seq Scan on (referrals|referral_requests|users)\b/);
      // Each requester's settings row is read once for the e-mail and the cohort year together; the owner's
      // e-mail reads none (only the owner and admins are answered the board).
      expect(board.match(/ on user_settings\b/g) ?? []).toHaveLength(1);
      // The owner's connection to a requester is probed once for both fields and the profile, not once per rule.
      expect(board.match(/ on conversations\b/g) ?? []).toHaveLength(1);
      expect(board.match(/ on mentorships\b/g) ?? []).toHaveLength(1);
      // The offer is read once, for its own row and for the page.
      expect(board.match(/Index Scan using referrals_pkey\b/g) ?? []).toHaveLength(1);
    }
    // The first page ('infinity') and a later one: PostgreSQL keeps the generic plan instead of planning each execution.
    for (const position of [{}, { beforeAt: new Date().toISOString(), beforeId: 1_000_000 }]) {
      const plans = await planCache(referralBoardPageQuery(21), { ...viewer, viewerId: offer.owner, id: offer.id, ...position });
      expect(plans.generic).toBeGreaterThan(0);
    }
  });

  it('notifications walk notifications_user_created_idx; the unread total notifications_unread_post_idx', async () => {
    const page = await generic(notificationsPageQuery(t.db, 21), viewer);
    expect(page).toMatch(/notifications_user_created_idx/);
    expect(page).not.toMatch(/Seq Scan on (notifications|users)\b/);
    const unread = await generic(unreadCountQuery(t.db), { userId: 7 });
    expect(unread).toMatch(/notifications_unread_post_idx/);
    expect(unread).not.toMatch(/Seq Scan on notifications\b/);
  });
});
