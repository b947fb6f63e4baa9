import type { RosterImport, RosterPreview } from '@alumlink/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cohortMembers, invitations, rosterImportRejects, rosterImports, users } from '../../db/schema/index';
import { authHeader, useTestApp, createUser, emailsTo, type TestUser } from '../../test/index';
import { multipartBody } from '../../test/uploads';
import { insertCohort, recordHandSetRole } from './cohorts.repository';
import { leave } from '../account/account-deletion.service';
import { sweepRosterImports } from './roster.service';

const t = useTestApp();
let admin: TestUser;
let member: TestUser;
let run = 0;

beforeAll(async () => {
  admin = await createUser(t.db, { role: 'AD' });
  member = await createUser(t.db, { role: 'AL' });
});

const csvUpload = (text: string) =>
  multipartBody({}, [{ field: 'file', filename: 'roster.csv', contentType: 'text/csv', bytes: Buffer.from(text) }]);

async function send(url: string, text: string, as: TestUser | null = admin) {
  const body = csvUpload(text);
  const auth = as ? await authHeader(t.app, as) : {};
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...auth } });
}

async function get(url: string, as: TestUser | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: as ? await authHeader(t.app, as) : {} });
}

async function finished(id: number): Promise<RosterImport> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answer = await get(`/api/admin/roster/imports/${id}/`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json<RosterImport>();
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import still running');
}

const invitationsTo = (emails: string[]) => t.db.select().from(invitations).where(inArray(invitations.email, emails));

describe('roster: access', () => {
  it('answers 401 signed out and 403 to a non-admin on every route', async () => {
    const text = 'email,first_name,last_name\na@roster.example,A,B\n';
    for (const as of [null, member]) {
      const status = as ? 403 : 401;
      expect((await send('/api/admin/roster/preview/', text, as)).statusCode).toBe(status);
      expect((await send('/api/admin/roster/import/', text, as)).statusCode).toBe(status);
      expect((await get('/api/admin/roster/imports/', as)).statusCode).toBe(status);
      expect((await get('/api/admin/roster/imports/1/', as)).statusCode).toBe(status);
      expect((await get('/api/admin/roster/imports/1/rejected.csv', as)).statusCode).toBe(status);
    }
  });
});

describe('roster: preview', () => {
  it('says what each row would do, with errors by line, and writes nothing', async () => {
    run += 1;
    const cohort = await insertCohort(t.db, { name: `Preview ${run}`, year: 2025, alumniFrom: '2030-01-01' });
    const known = await createUser(t.db, { role: 'TR' });
    const boss = await createUser(t.db, { role: 'AD' });
    const text = [
      'Email,First Name,Last Name,Role,Cohort',
      `new${run}@roster.example,Ada,Lovelace,IN,preview ${run}`,
      `${known.email},Known,Person,AL,`,
      'not-an-email,Bad,Row,XX,No such cohort',
      `${boss.email},The,Admin,AL,`,
      '',
      `NEW${run}@roster.example,Again,Same,,`,
      `,,,`,
    ].join('\n');
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(invitations);
    const answer = await send('/api/admin/roster/preview/', text);
    expect(answer.statusCode).toBe(200);
    const preview = answer.json<RosterPreview>();
    expect(preview.rows.map((row) => [row.line, row.action, row.errors.length > 0])).toEqual([
      [2, 'invite', false],
      [3, 'update', false],
      [4, 'skip', true],
      [5, 'skip', false],
      [7, 'skip', true],
      [8, 'skip', true],
    ]);
    expect(preview.rows[2]?.errors).toHaveLength(3);
    expect(preview.rows[4]?.errors[0]).toContain('line 2');
    expect(preview.counts).toEqual({ invite: 1, update: 1, skip: 1, error: 3 });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(invitations);
    expect(after).toEqual(before);
    expect(cohort.id).toBeGreaterThan(0);
  });

  it('takes a text/csv body too', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roster/preview/',
      payload: '\uFEFFemail,first_name,last_name\r\nbody@roster.example,B,C\r\n',
      headers: { 'content-type': 'text/csv', ...(await authHeader(t.app, admin)) },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<RosterPreview>().counts.invite).toBe(1);
  });

  it('answers 400 for a missing header, an empty file or a form without the file, 415 for JSON, never a 500', async () => {
    const noHeader = await send('/api/admin/roster/preview/', 'a@b.example,A,B\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe('missing_header');
    expect((await send('/api/admin/roster/preview/', '')).json().code).toBe('missing_header');
    expect((await send('/api/admin/roster/preview/', 'email,first_name,last_name\n')).json().code).toBe('empty_roster');
    expect((await send('/api/admin/roster/preview/', 'email,first_name,last_name\n"unterminated,A,B\n')).json().code).toBe('invalid_csv');
    const noFile = multipartBody({ note: 'x' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roster/preview/',
      payload: noFile.payload,
      headers: { ...noFile.headers, ...(await authHeader(t.app, admin)) },
    });
    expect(form.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roster/import/',
      payload: { email: 'x' },
      headers: await authHeader(t.app, admin),
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses more than the row limit (400) and a file over the size limit (413)', async () => {
    const many = ['email,first_name,last_name', ...Array.from({ length: 20_001 }, (_, i) => `m${i}@x.example,A,B`)].join('\n');
    expect((await send('/api/admin/roster/import/', many)).json().code).toBe('too_many_rows');
    const huge = `email,first_name,last_name\n${'x'.repeat(5 * 1024 * 1024 + 10)}`;
    expect((await send('/api/admin/roster/import/', huge)).statusCode).toBe(413);
    expect((await send('/api/admin/roster/preview/', huge)).statusCode).toBe(413);
  });
});

describe('roster: import', () => {
  it('invites new people, raises known ones, leaves admins and hand-set roles, rejects bad rows, in the background', async () => {
    run += 1;
    const cohort = await insertCohort(t.db, { name: `Import ${run}`, year: 2024, alumniFrom: '2030-01-01' });
    const trainee = await createUser(t.db, { role: 'TR' });
    const alumnus = await createUser(t.db, { role: 'AL' });
    const handSet = await createUser(t.db, { role: 'TR' });
    await recordHandSetRole(t.db, handSet.id, new Date());
    const boss = await createUser(t.db, { role: 'AD' });
    const fresh = `fresh${run}@roster.example`;
    const text = [
      'email,first_name,last_name,role,cohort',
      `${fresh},Fresh,Face,IN,Import ${run}`,
      `${trainee.email},T,R,AL,Import ${run}`,
      `${alumnus.email},A,L,TR,`,
      `${handSet.email},H,S,AL,`,
      `${boss.email},B,O,TR,Import ${run}`,
      `=bad,Evil,Row,ZZ,`,
    ].join('\n');
    const started = await send('/api/admin/roster/import/', text);
    expect(started.statusCode).toBe(202);
    const result = await finished(started.json<{ id: number }>().id);
    expect(result).toMatchObject({ status: 'done', processed: 6, total: 6, counts: { invite: 1, update: 1, skip: 3, error: 1 } });
    expect(result.errors).toEqual([{ line: 7, message: expect.stringContaining('not a valid e-mail') }]);

    const [invitation] = await invitationsTo([fresh]);
    expect(invitation).toMatchObject({ role: 'IN', cohortId: cohort.id, invitedById: admin.id });
    expect(invitation?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(invitation!.expiresAt.getTime() - invitation!.createdAt.getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    expect(await emailsTo(t.db, fresh)).toHaveLength(1);

    const roles = await t.db
      .select({ id: users.id, role: users.role, year: users.cohortYear })
      .from(users)
      .where(inArray(users.id, [trainee.id, alumnus.id, handSet.id, boss.id]));
    const roleOf = (id: number) => roles.find((row) => row.id === id);
    expect(roleOf(trainee.id)).toMatchObject({ role: 'AL', year: 2024 });
    expect(roleOf(alumnus.id)?.role).toBe('AL');
    expect(roleOf(handSet.id)?.role).toBe('TR');
    expect(roleOf(boss.id)?.role).toBe('AD');
    const memberships = await t.db.select().from(cohortMembers).where(eq(cohortMembers.cohortId, cohort.id));
    expect(memberships.map((row) => row.userId)).toEqual([trainee.id]);

    const csv = await get(`/api/admin/roster/imports/${result.id}/rejected.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('line,email,first_name,last_name,role,cohort,error');
    expect(csv.body).toContain("7,'=bad,Evil,Row,ZZ,");

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), inArray(auditLog.action, ['roster.import', 'roster.import_done', 'roster.update'])));
    expect(audit.map((row) => row.action).sort()).toEqual(['roster.import', 'roster.import_done', 'roster.update']);

    const list = await get('/api/admin/roster/imports/?limit=5');
    expect(list.json<{ results: RosterImport[] }>().results[0]).toMatchObject({
      id: result.id,
      status: 'done',
      started_by: expect.any(String),
    });

    // Imported again: the new person has a pending invitation, the trainee nothing left to change.
    const again = await finished((await send('/api/admin/roster/import/', text)).json<{ id: number }>().id);
    expect(again.counts).toEqual({ invite: 0, update: 0, skip: 5, error: 1 });
  });

  it('answers 404 for an unknown import and its CSV', async () => {
    expect((await get('/api/admin/roster/imports/999999/')).statusCode).toBe(404);
    expect((await get('/api/admin/roster/imports/999999/rejected.csv')).statusCode).toBe(404);
  });

  it('turns a running import whose process died into a failed one', async () => {
    const [stale] = await t.db
      .insert(rosterImports)
      .values({ adminId: admin.id, adminLabel: 'Admin', total: 10, processed: 3, heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .returning();
    const answer = (await get(`/api/admin/roster/imports/${stale!.id}/`)).json<RosterImport>();
    expect(answer).toMatchObject({ status: 'failed', processed: 3, total: 10, failure: expect.stringContaining('stopped') });
  });

  it('the sweep job fails stale imports and drops month-old finished ones with their rejected rows', async () => {
    const now = new Date();
    const [old] = await t.db
      .insert(rosterImports)
      .values({ adminId: admin.id, adminLabel: 'Admin', status: 'done', createdAt: new Date(now.getTime() - 31 * 24 * 60 * 60_000) })
      .returning();
    await t.db.insert(rosterImportRejects).values({ importId: old!.id, line: 2, email: 'old@x.example', message: 'x' });
    const [stale] = await t.db
      .insert(rosterImports)
      .values({ adminId: admin.id, adminLabel: 'Admin', heartbeatAt: new Date(now.getTime() - 3 * 60_000) })
      .returning();
    expect(await sweepRosterImports(t.ctx, now)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(rosterImports).where(eq(rosterImports.id, old!.id))).toEqual([]);
    expect(await t.db.select().from(rosterImportRejects).where(eq(rosterImportRejects.importId, old!.id))).toEqual([]);
    const [failed] = await t.db.select().from(rosterImports).where(eq(rosterImports.id, stale!.id));
    expect(failed?.status).toBe('failed');
  });

  it('imports 10,000 generated rows: every invitation created, bad rows rejected', async () => {
    run += 1;
    const lines = ['email,first_name,last_name,role'];
    for (let i = 0; i < 10_000; i += 1)
      lines.push(i % 1000 === 999 ? `broken-${i},X,Y,TR` : `bulk${run}-${i}@roster.example,First${i},Last${i},AL`);
    const started = await send('/api/admin/roster/import/', lines.join('\n'));
    expect(started.statusCode).toBe(202);
    const result = await finished(started.json<{ id: number }>().id);
    expect(result).toMatchObject({
      status: 'done',
      processed: 10_000,
      total: 10_000,
      counts: { invite: 9_990, update: 0, skip: 0, error: 10 },
    });
    const [created] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(sql`${invitations.email} like ${`bulk${run}-%`}`);
    expect(created?.n).toBe(9_990);
    const rejects = await t.db.select().from(rosterImportRejects).where(eq(rosterImportRejects.importId, result.id));
    expect(rejects.map((row) => row.line)).toEqual(Array.from({ length: 10 }, (_, k) => k * 1000 + 1001));
  }, 120_000);
});

describe('roster: leaving', () => {
  it("an admin's imports stay unlinked; a leaver's rejected rows go", async () => {
    const leaver = await createUser(t.db, { role: 'AD' });
    const [row] = await t.db.insert(rosterImports).values({ adminId: leaver.id, adminLabel: 'Leaver', status: 'done' }).returning();
    await t.db.insert(rosterImportRejects).values({ importId: row!.id, line: 2, email: leaver.email.toUpperCase(), message: 'x' });
    await t.ctx.transaction(async (work) => {
      const [person] = await work.tx.select().from(users).where(eq(users.id, leaver.id)).for('update');
      await leave(work, person!, 'admin');
    });
    const [kept] = await t.db.select().from(rosterImports).where(eq(rosterImports.id, row!.id));
    expect(kept).toMatchObject({ adminId: null, adminLabel: 'Leaver' });
    expect(await t.db.select().from(rosterImportRejects).where(eq(rosterImportRejects.importId, row!.id))).toEqual([]);
  });
});
