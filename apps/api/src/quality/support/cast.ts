// The people and objects the quality tests act on: one person per role, and a few real objects
// (a post, a conversation, an event, ...) so generated ids sometimes reach real code paths.
import type { Role } from '@alumlink/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { sessionFamilies, users } from '../../db/schema/index';
import { accessTokenFor, createCommunity, createUser, startTestSession, type TestApp, type TestUser } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';
import type { Ids } from './arbitraries';

export const ROLES_UNDER_TEST: readonly Role[] = ['AD', 'TR', 'IN', 'AL'];
/** Who sends a request: a role, nobody, or someone with a broken or foreign credential. */
export type Caller = Role | 'nobody' | 'bad-token';

export type Cast = {
  people: Record<Role, TestUser>;
  headers: Record<Role, { authorization: string }>;
  ids: Ids;
  /** Objects created by the cast (null when the route refused to create one). */
  objects: Record<
    'postId' | 'removedPostId' | 'conversationId' | 'eventId' | 'jobId' | 'referralId' | 'mentorshipId' | 'referralRequestId',
    number | null
  >;
  /** Puts every person back as created (the fuzz may delete, demote or deactivate them, or log them out). */
  heal(): Promise<void>;
  headersOf(caller: Caller): Record<string, string>;
};

const BAD_TOKENS = [
  'Bearer not-a-token',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6IkFEIn0.',
  'Basic YWRtaW46YWRtaW4=',
  'Bearer ',
];

async function idOf(t: TestApp, request: InjectOptions): Promise<number | null> {
  const response = await t.app.inject(request);
  if (response.statusCode >= 300) return null;
  const body = response.json<{ id?: unknown }>();
  return typeof body.id === 'number' ? body.id : null;
}

/**
 * Creates the cast: four people, a community, the alumnus's post (with the trainee's comment),
 * a conversation between the trainee and the alumnus, an event, the alumnus's job and referral
 * (with the trainee's request on it).
 * The intern owns nothing and takes part in nothing.
 */
export async function createCast(t: TestApp): Promise<Cast> {
  const people = {} as Record<Role, TestUser>;
  const headers = {} as Record<Role, { authorization: string }>;
  /** Each person's sign-in, the `sid` of their headers. */
  const sessions = {} as Record<Role, string>;
  const signIn = async (role: Role) => {
    sessions[role] = await startTestSession(t.db, people[role].id);
    headers[role] = { authorization: `Bearer ${await accessTokenFor(t.app, people[role], undefined, sessions[role])}` };
  };
  for (const role of ROLES_UNDER_TEST) {
    people[role] = await createUser(t.db, { role, firstName: `Fuzz ${role}` });
    await signIn(role);
  }
  const victims = await Promise.all([createUser(t.db, { role: 'TR' }), createUser(t.db, { role: 'AL' })]);
  await createCommunity(t.db, { slug: 'fuzz-club', name: 'Fuzz Club', description: 'For the quality tests' });

  const upload = multipartBody({ caption: 'A post to fuzz' }, [imageFile(await sampleImage(32, 32))]);
  const postId = await idOf(t, { method: 'POST', url: '/social/posts/', ...upload, headers: { ...upload.headers, ...headers.AL } });
  if (postId !== null) {
    await t.app.inject({ method: 'POST', url: `/social/posts/${postId}/comment/`, headers: headers.TR, payload: { text: 'Nice' } });
  }
  // A second post of the alumnus, removed by the administrator (its author may appeal).
  const second = multipartBody({ caption: 'A removed post' }, [imageFile(await sampleImage(32, 32))]);
  const removedPostId = await idOf(t, { method: 'POST', url: '/social/posts/', ...second, headers: { ...second.headers, ...headers.AL } });
  if (removedPostId !== null) {
    await t.app.inject({
      method: 'DELETE',
      url: `/social/admin/posts/${removedPostId}/delete_post/`,
      headers: headers.AD,
      payload: { reason: 'Unwanted content' },
    });
  }
  const conversationId = await idOf(t, {
    method: 'POST',
    url: '/social/conversations/start_conversation/',
    headers: headers.TR,
    payload: { user_id: people.AL.id },
  });
  if (conversationId !== null) {
    await t.app.inject({
      method: 'POST',
      url: `/social/conversations/${conversationId}/send_message/`,
      headers: headers.TR,
      payload: { content: 'Hello' },
    });
  }
  const eventId = await idOf(t, {
    method: 'POST',
    url: '/api/events/',
    headers: headers.AD,
    payload: { title: 'Fuzz meetup', starts_at: '2099-01-01T10:00:00Z', host: 'QA', category: 'Tech', description: 'Bring junk' },
  });
  const jobId = await idOf(t, {
    method: 'POST',
    url: '/api/jobs/',
    headers: headers.AL,
    payload: { title: 'Tester', company: 'Acme', location: 'Pune', type: 'Full-Time', apply_url: 'https://example.com/apply' },
  });
  const referralId = await idOf(t, {
    method: 'POST',
    url: '/api/referrals/create/',
    headers: headers.AL,
    payload: { company: 'Acme', role: 'QA', ctc: 12.5, location: 'Pune', requirements: 'Curiosity' },
  });
  const referralRequestId =
    referralId === null
      ? null
      : await idOf(t, {
          method: 'POST',
          url: `/api/referrals/${referralId}/requests/`,
          headers: headers.TR,
          payload: { message: 'Refer me?' },
        });

  // The alumnus mentors; the trainee asks them (pending: accept, decline and cancel reach real code).
  await t.app.inject({
    method: 'PUT',
    url: '/api/mentoring/profile/',
    headers: headers.AL,
    payload: { is_mentor: true, topics: ['Testing'], capacity: 10 },
  });
  const mentorshipId = await idOf(t, {
    method: 'POST',
    url: '/api/mentoring/requests/',
    headers: headers.TR,
    payload: { mentor_id: people.AL.id, topic: 'Testing', message: 'Teach me fuzzing' },
  });

  const objectIds = [postId, removedPostId, conversationId, eventId, jobId, referralId, mentorshipId, referralRequestId].filter(
    (id): id is number => id !== null,
  );
  const ids: Ids = {
    numbers: [...new Set([...objectIds, ...victims.map((victim) => victim.id), ...ROLES_UNDER_TEST.map((role) => people[role].id)])],
    slugs: ['fuzz-club', 'no-such-community'],
  };

  const heal = async () => {
    for (const role of ROLES_UNDER_TEST) {
      const [row] = await t.db.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, people[role].id));
      if (!row) {
        people[role] = await createUser(t.db, { role, firstName: `Fuzz ${role}` });
        await signIn(role);
        continue;
      }
      if (row.role !== role || !row.isActive) await t.db.update(users).set({ role, isActive: true }).where(eq(users.id, people[role].id));
      const live = await t.db
        .select({ id: sessionFamilies.id })
        .from(sessionFamilies)
        .where(and(eq(sessionFamilies.id, sessions[role]), isNull(sessionFamilies.endedAt)));
      if (live.length === 0) await signIn(role);
    }
  };

  let badTokenTurn = 0;
  const headersOf = (caller: Caller): Record<string, string> => {
    if (caller === 'nobody') return {};
    if (caller === 'bad-token') return { authorization: BAD_TOKENS[badTokenTurn++ % BAD_TOKENS.length] ?? '' };
    return headers[caller];
  };
  const objects = { postId, removedPostId, conversationId, eventId, jobId, referralId, mentorshipId, referralRequestId };
  return { people, headers, ids, objects, heal, headersOf };
}
