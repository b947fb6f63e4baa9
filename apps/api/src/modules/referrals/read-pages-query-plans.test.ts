import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { eventsPageQuery } from '../events/events.repository';
import { openJobsPageQuery } from '../jobs/jobs.repository';
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
    insert into jobs (posted_by, title, company, location, type, apply_url, status, created_at)
    select u.id, 'Job', 'Co', 'Remote', (array['Full-Time', 'Part-Time', 'Contract'])[1 + g % 3], 'https://x.test',
      case when g % 10 = 0 then 'closed' else 'open' end, now() - g * interval '1 minute'
    from generate_series(1, 3000) g join users u on u.username = 'read' || g`);
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

describe('prepared list statements of the community reads: generic plans', () => {
  it('the job board walks jobs_status_created_idx, one type jobs_type_created_idx', async () => {
    const all = await generic(openJobsPageQuery(t.db, false, 21), viewer);
    expect(all).toMatch(/jobs_status_created_idx/);
    expect(all).not.toMatch(/Seq Scan on (jobs|users)\b/);
    const typed = await generic(openJobsPageQuery(t.db, true, 21), { ...viewer, type: 'Contract' });
    expect(typed).toMatch(/jobs_type_created_idx/);
    expect(typed).not.toMatch(/Seq Scan on (jobs|users)\b/);
  });

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

  it('open offers walk referrals_status_created_idx; requests of an offer or a person their own index', async () => {
    const offers = await generic(openReferralsPageQuery(21), viewer);
    expect(offers).toMatch(/referrals_status_created_idx/);
    // The viewer's latest request on each offer: their own requests, read once by their index.
    expect(offers).toMatch(/referral_requests_requester_created_idx/);
    expect(offers).not.toMatch(/Seq Scan on (referrals|referral_requests|users)\b/);
    const board = await generic(referralRequestsPageQuery('referral', 21), { ...viewer, id: 42 });
    expect(board).toMatch(/referral_requests_referral_created_idx/);
    expect(board).not.toMatch(/Seq Scan on (referral_requests|users)\b/);
    const mine = await generic(referralRequestsPageQuery('requester', 21), { ...viewer, id: 42 });
    expect(mine).toMatch(/referral_requests_requester_created_idx/);
    expect(mine).not.toMatch(/Seq Scan on (referral_requests|users)\b/);
    // The "All offers" board: the alumnus's offers, then each offer's requests in order.
    const owner = await generic(referralRequestsPageQuery('owner', 21), { ...viewer, id: 42 });
    expect(owner).toMatch(/referrals_alumni_idx/);
    expect(owner).toMatch(/referral_requests_referral_created_idx/);
    expect(owner).not.toMatch(/Seq Scan on (referral_requests|referrals|users)\b/);
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
