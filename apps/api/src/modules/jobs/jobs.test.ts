import { JOB_MESSAGES, type CreateJobRequest } from '@alumlink/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../../db/schema/index';
import { useTestApp, type TestUser, useSignedInPeople } from '../../test/index';

const t = useTestApp();
const { people, auth, signedIn } = useSignedInPeople(t, {
  alumnus: { role: 'AL', firstName: 'Alex', lastName: 'Morgan' },
  otherAlumnus: { role: 'AL' },
  admin: { role: 'AD' },
  trainee: { role: 'TR' },
  intern: { role: 'IN' },
});

const validJob: CreateJobRequest = {
  title: 'Frontend Engineer',
  company: 'Acme Corp',
  location: 'Remote',
  salary: '12 LPA',
  type: 'Full-Time',
  description: 'Build accessible interfaces.',
  apply_url: 'https://acme.example.com/careers/42',
};

function postJob(user: TestUser, payload: unknown = validJob) {
  return t.app.inject({ method: 'POST', url: '/api/jobs/', headers: auth(user), payload: payload as object });
}

async function createJob(user: TestUser, overrides: Partial<CreateJobRequest> = {}): Promise<{ id: number }> {
  const response = await postJob(user, { ...validJob, ...overrides });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('POST /api/jobs/', () => {
  it('lets an alumnus post a job and answers the whole job shape', async () => {
    const response = await postJob(people.alumnus, { ...validJob, title: '  Frontend Engineer  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      title: 'Frontend Engineer',
      company: 'Acme Corp',
      location: 'Remote',
      salary: '12 LPA',
      type: 'Full-Time',
      description: 'Build accessible interfaces.',
      apply_url: 'https://acme.example.com/careers/42',
      status: 'open',
      created_at: expect.any(String),
      posted_by: expect.objectContaining({ id: people.alumnus.id, first_name: 'Alex', last_name: 'Morgan', role: 'AL' }),
      can_edit: true,
    });
  });

  it('lets an admin post a job', async () => {
    expect((await postJob(people.admin)).statusCode).toBe(201);
  });

  it.each([
    ['trainee', () => people.trainee],
    ['intern', () => people.intern],
  ])('refuses a %s with 403, even before validating the body', async (_label, who) => {
    for (const payload of [validJob, {}]) {
      const response = await postJob(who(), payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: JOB_MESSAGES.createForbidden, code: 'forbidden' });
    }
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/jobs/', payload: validJob });
    expect(response.statusCode).toBe(401);
  });

  it('stores an e-mail address as a mailto: link and defaults salary and description', async () => {
    const { salary: _salary, description: _description, ...required } = validJob;
    const response = await postJob(people.alumnus, { ...required, apply_url: ' jobs@acme.example.com ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ apply_url: 'mailto:jobs@acme.example.com', salary: '', description: '' });
  });

  it.each([
    ['missing title', { title: undefined }, { title: ['This field is required.'] }],
    ['blank company', { company: '   ' }, { company: ['This field is required.'] }],
    ['missing location', { location: undefined }, { location: ['This field is required.'] }],
    ['unknown type', { type: 'Internship' }, { type: ['"Internship" is not a valid choice.'] }],
    ['missing type', { type: undefined }, { type: ['This field is required.'] }],
    ['http link', { apply_url: 'http://acme.example.com/jobs' }, { apply_url: [JOB_MESSAGES.applyUrl] }],
    ['javascript link', { apply_url: 'javascript:alert(1)' }, { apply_url: [JOB_MESSAGES.applyUrl] }],
    ['not an address', { apply_url: 'apply at the desk' }, { apply_url: [JOB_MESSAGES.applyUrl] }],
    ['title too long', { title: 'x'.repeat(201) }, { title: ['Ensure this field has no more than 200 characters.'] }],
  ])('answers 400 with field errors for %s', async (_label, change, expected) => {
    const response = await postJob(people.alumnus, { ...validJob, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('reports every missing field at once for an empty body', async () => {
    const response = await postJob(people.alumnus, {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['apply_url', 'company', 'location', 'title', 'type']);
  });
});

describe('one job: read, edit, close, reopen', () => {
  it('shows an open job to anyone signed in, with can_edit for its author and admins only', async () => {
    const job = await createJob(people.alumnus);
    const read = async (user: TestUser) => (await t.app.inject({ url: `/api/jobs/${job.id}/`, headers: auth(user) })).json();
    expect((await read(people.alumnus)).can_edit).toBe(true);
    expect((await read(people.admin)).can_edit).toBe(true);
    expect((await read(people.trainee)).can_edit).toBe(false);
    expect((await read(people.otherAlumnus)).can_edit).toBe(false);
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    expect((await t.app.inject({ url: '/api/jobs/999999/', headers: auth(people.trainee) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/jobs/abc/', headers: auth(people.trainee) })).statusCode).toBe(400);
  });

  it('answers 400 for a type that is an object whose toString is not a function (the fuzz tier found a 500)', async () => {
    const response = await postJob(people.alumnus, { ...validJob, type: { toString: false } });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toEqual(['Not a valid choice.']);
    const filtered = await t.app.inject({ url: '/api/jobs/?type=Weekly', headers: auth(people.trainee) });
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().type).toEqual(['"Weekly" is not a valid choice.']);
  });

  it('lets the author edit without an audit entry; others get 403', async () => {
    const job = await createJob(people.alumnus);
    const patch = (user: TestUser, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/jobs/${job.id}/`, headers: auth(user), payload });
    const edited = await patch(people.alumnus, { salary: '15 LPA', apply_url: 'mailto:hr@acme.example.com', type: 'Contract' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      salary: '15 LPA',
      apply_url: 'mailto:hr@acme.example.com',
      type: 'Contract',
      title: validJob.title,
    });
    for (const user of [people.otherAlumnus, people.trainee, people.intern]) {
      const refused = await patch(user, { title: 'Hijacked' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: JOB_MESSAGES.editForbidden, code: 'forbidden' });
    }
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.title).toBe(validJob.title);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, job.id))).toEqual([]);
  });

  it('validates edits with field errors', async () => {
    const job = await createJob(people.alumnus);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${job.id}/`,
      headers: auth(people.alumnus),
      payload: { title: ' ', type: 'Gig', apply_url: 'ftp://files.example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      title: ['This field is required.'],
      type: ['"Gig" is not a valid choice.'],
      apply_url: [JOB_MESSAGES.applyUrl],
    });
  });

  it("writes the audit log when an admin edits someone else's job", async () => {
    const job = await createJob(people.alumnus);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${job.id}/`,
      headers: auth(people.admin),
      payload: { title: 'Senior Frontend Engineer' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().title).toBe('Senior Frontend Engineer');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'job'), eq(auditLog.targetId, job.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'job.update',
        actorId: people.admin.id,
        actorLabel: people.admin.email,
        details: { fields: ['title'] },
      }),
    ]);
  });

  it('closes and reopens for the author; idempotent; a closed job leaves the board but stays in mine', async () => {
    const job = await createJob(people.alumnus, { title: 'Closable role' });
    const act = (user: TestUser, action: 'close' | 'reopen') =>
      t.app.inject({
        method: 'POST',
        url: `/api/jobs/${job.id}/${action}/`,
        headers: { ...auth(user), 'content-type': 'application/json' },
        payload: '',
      });
    for (const attempt of [1, 2]) {
      const closed = await act(people.alumnus, 'close');
      expect(closed.statusCode, `close #${attempt}`).toBe(200);
      expect(closed.json().status).toBe('closed');
    }
    const board = await t.app.inject({ url: '/api/jobs/?q=closable', headers: auth(people.trainee) });
    expect(board.json().results).toEqual([]);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}/`, headers: auth(people.trainee) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}/`, headers: auth(people.alumnus) })).json().status).toBe('closed');
    const mine = await t.app.inject({ url: '/api/jobs/mine/?limit=100', headers: auth(people.alumnus) });
    expect(mine.json().results.map((item: { id: number }) => item.id)).toContain(job.id);
    expect((await act(people.otherAlumnus, 'reopen')).statusCode).toBe(404);
    const reopened = await act(people.alumnus, 'reopen');
    expect(reopened.json().status).toBe('open');
    expect((await act(people.trainee, 'close')).statusCode).toBe(403);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, job.id))).toEqual([]);
  });

  it("audits an admin closing someone else's job, once", async () => {
    const job = await createJob(people.otherAlumnus);
    for (const attempt of [1, 2]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/close/`, headers: auth(people.admin) });
      expect(response.statusCode, `close #${attempt}`).toBe(200);
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'job'), eq(auditLog.targetId, job.id)));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'job.close', actorLabel: people.admin.email, targetLabel: validJob.title }),
    ]);
  });
});

describe('GET /api/jobs/mine/ and GET /api/admin/jobs/', () => {
  it("lists only the caller's own jobs", async () => {
    const fresh = await signedIn({ role: 'AL' });
    const first = await createJob(fresh, { title: 'Mine one' });
    const second = await createJob(fresh, { title: 'Mine two' });
    const response = await t.app.inject({ url: '/api/jobs/mine/', headers: auth(fresh) });
    expect(response.json().results.map((job: { id: number }) => job.id)).toEqual([second.id, first.id]);
  });

  it('gives admins every job with a status filter, and refuses everyone else', async () => {
    const closed = await createJob(people.alumnus, { title: 'Admin sees closed' });
    await t.app.inject({ method: 'POST', url: `/api/jobs/${closed.id}/close/`, headers: auth(people.alumnus) });
    const all = await t.app.inject({ url: '/api/admin/jobs/?limit=100', headers: auth(people.admin) });
    expect(all.statusCode).toBe(200);
    const statuses = new Set(all.json().results.map((job: { status: string }) => job.status));
    expect(statuses).toEqual(new Set(['open', 'closed']));
    const onlyClosed = await t.app.inject({ url: '/api/admin/jobs/?status=closed&limit=100', headers: auth(people.admin) });
    expect(onlyClosed.json().results.every((job: { status: string }) => job.status === 'closed')).toBe(true);
    expect(onlyClosed.json().results.map((job: { id: number }) => job.id)).toContain(closed.id);
    for (const user of [people.alumnus, people.trainee, people.intern]) {
      const refused = await t.app.inject({ url: '/api/admin/jobs/', headers: auth(user) });
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/jobs/?status=maybe', headers: auth(people.admin) })).statusCode).toBe(400);
  });
});
