import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { usernameAliases, users } from '../../db/schema/index';
import { authHeader, useTestApp, createUser, type TestUser } from '../../test/index';
import { usernameBase } from './users.service';

// Usernames are never derived from a hidden field (DESIGN 7): new ones come from the name;
// migration 0026 replaced those made from the e-mail's local part and kept the old ones as
// aliases, so links by an old username keep reaching their person.
const t = useTestApp();
let viewer: TestUser;

/** The statements of migration 0026 that rewrite data (the usernames' DO block), run again on today's rows. */
async function rerunUsernameMigration(): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_DIR, '0026_mutual_connections_and_usernames.sql'), 'utf8');
  const rewrite = text.split('--> statement-breakpoint').find((statement) => statement.trim().startsWith('DO $$'));
  if (!rewrite) throw new Error('migration 0026 has no DO block');
  await t.db.execute(sql.raw(rewrite));
}

beforeAll(async () => {
  viewer = await createUser(t.db, { role: 'AL' });
});

describe('usernames', () => {
  it('are made from the name: lower-case, accents folded, anything else an underscore', () => {
    expect(usernameBase('Sigrid', 'Hush')).toBe('sigrid_hush');
    expect(usernameBase('Zoë', 'van Dijk')).toBe('zoe_van_dijk');
    expect(usernameBase('  Łukasz ', "O'Brien ")).toBe('lukasz_o_brien');
    expect(usernameBase('', '')).toBe('member');
    expect(usernameBase('A'.repeat(40), 'B').length).toBeLessThanOrEqual(24);
  });

  it('migration 0026 replaces usernames derived from the e-mail and keeps the old one as an alias', async () => {
    const sigrid = await createUser(t.db, {
      email: 'sigrid.hush@corp.example',
      username: 'sigridhush',
      firstName: 'Sigrid',
      lastName: 'Hush',
    });
    const seeded = await createUser(t.db, { email: 'ola.n@corp.example', username: 'ola.n', firstName: 'Ola', lastName: 'Nordmann' });
    const numbered = await createUser(t.db, { email: 'ana@corp.example', username: 'ana3', firstName: 'Ana', lastName: 'Lima' });
    // A name-based username already taken: the next number.
    await createUser(t.db, { username: 'ana_lima' });
    // Chosen, not derived from the e-mail: kept.
    const chosen = await createUser(t.db, { email: 'kim@corp.example', username: 'stardust', firstName: 'Kim', lastName: 'Park' });

    await rerunUsernameMigration();

    const usernameOf = async (id: number) =>
      (await t.db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0]?.username;
    expect(await usernameOf(sigrid.id)).toBe('sigrid_hush');
    expect(await usernameOf(seeded.id)).toBe('ola_nordmann');
    expect(await usernameOf(numbered.id)).toBe('ana_lima2');
    expect(await usernameOf(chosen.id)).toBe('stardust');
    const aliases = await t.db
      .select()
      .from(usernameAliases)
      .where(sql`${usernameAliases.userId} in (${sigrid.id}, ${seeded.id}, ${numbered.id}, ${chosen.id})`);
    expect(aliases.map((alias) => [alias.oldUsername, alias.userId]).sort()).toEqual(
      [
        ['ana3', numbered.id],
        ['ola.n', seeded.id],
        ['sigridhush', sigrid.id],
      ].sort(),
    );
    // Running it again changes nothing (name-based usernames are not derived from the e-mail).
    await rerunUsernameMigration();
    expect(await usernameOf(sigrid.id)).toBe('sigrid_hush');
  });

  it('a profile is found by its username and by an old one; an unknown one is 404, a blank one 400', async () => {
    const person = await createUser(t.db, { email: 'old.link@corp.example', username: 'oldlink', firstName: 'Olga', lastName: 'Link' });
    await rerunUsernameMigration();
    const headers = await authHeader(t.app, viewer);
    const get = (username: string) =>
      t.app.inject({ method: 'GET', url: `/social/profiles/by-username/?username=${encodeURIComponent(username)}`, headers });
    for (const username of ['olga_link', 'oldlink']) {
      const response = await get(username);
      expect(response.statusCode, username).toBe(200);
      expect(response.json(), username).toMatchObject({ id: person.id, username: 'olga_link' });
    }
    expect((await get('nobody_here')).statusCode).toBe(404);
    expect((await get(' ')).statusCode).toBe(400);
    const spelled = await t.app.inject({ method: 'GET', url: '/social/user-profiles/by-username/?username=oldlink', headers });
    expect(spelled.json()).toMatchObject({ id: person.id });
  });

  it("after migration 0026 the mentor search no longer matches a hidden e-mail's local part", async () => {
    const mentor = await createUser(t.db, {
      role: 'AL',
      email: 'tove.quiet@corp.example',
      username: 'tovequiet',
      firstName: 'Tove',
      lastName: 'Berg',
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/mentoring/profile/',
      headers: await authHeader(t.app, mentor),
      payload: { is_mentor: true, topics: ['Careers'], capacity: 2 },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/social/settings/privacy/',
      headers: await authHeader(t.app, mentor),
      payload: { email: 'only_me' },
    });
    const headers = await authHeader(t.app, viewer);
    const found = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/mentoring/mentors/?q=${q}`, headers }))
        .json<{ results: { id: number }[] }>()
        .results.map((row) => row.id);
    expect(await found('tovequiet')).toEqual([mentor.id]);
    await rerunUsernameMigration();
    expect(await found('tovequiet')).toEqual([]);
    expect(await found('tove')).toEqual([mentor.id]);
  });
});
