// The authorization matrix, generated from the route list: every route has an entry in
// access-table.ts, non-public routes answer 401 without a valid token (before reading the body),
// role-restricted routes answer 403 to the other roles, and owner routes refuse other people.
import type { Role } from '@alumlink/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/index';
import { ACCESS, INFRASTRUCTURE_ROUTES, type Access } from './access-table';
import { isApiError } from './support/answers';
import { createCast, ROLES_UNDER_TEST, type Cast } from './support/cast';
import { listOperations, operationKey, type Operation } from './support/openapi';

let t: TestApp;
let cast: Cast;
let operations: Operation[];

/** Roles allowed on role-restricted routes (others get 403). */
const ALLOWED_ROLES: Partial<Record<Access, readonly Role[]>> = {
  admin: ['AD'],
  alumni: ['AL'],
  'alumni-or-admin': ['AL', 'AD'],
};

const JUNK_BODY = { user_id: 1, role: 'AD', text: 'x', content: 'x', reason: 'Scam or fraud', nonsense: [1, { a: null }] };

function urlOf(operation: Operation, id = 1): string {
  return operation.path.replace('{id}', String(id)).replace('{slug}', 'fuzz-club');
}

function inject(operation: Operation, headers: Record<string, string>, url = urlOf(operation)) {
  return t.app.inject({ method: operation.method, url, headers, ...(operation.method === 'GET' ? {} : { payload: JUNK_BODY }) });
}

/** Every (METHOD path) Fastify serves, read from printRoutes(), with `:param` as `{param}`. */
function servedRoutes(): string[] {
  const tree = t.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

beforeAll(async () => {
  // Single sign-on on (a provider nobody answers at), so its routes are checked too.
  t = await createTestApp({
    rateLimitMultiplier: 1000,
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'alumlink', clientSecret: 'secret', label: 'Sign in with SSO' },
  });
  operations = await listOperations(t.app);
  cast = await createCast(t);
}, 120_000);
afterAll(() => t.close());

describe('authorization matrix: the table', () => {
  it('has an entry for every route of the OpenAPI document, and none for a route that is gone', () => {
    const documented = operations.map(operationKey).sort();
    expect(
      documented.filter((key) => !(key in ACCESS)),
      'routes without an entry in access-table.ts',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((key) => !documented.includes(key)),
      'entries for routes that do not exist',
    ).toEqual([]);
  });

  it('knows every route Fastify serves (nothing is served outside the document but docs, /ws and static files)', () => {
    const documented = new Set(operations.map(operationKey));
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(documented.size);
    const unknown = served.filter((route) => {
      if (documented.has(route)) return false;
      const path = route.slice(route.indexOf(' ') + 1);
      return !INFRASTRUCTURE_ROUTES.some(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
    });
    expect(unknown).toEqual([]);
  });
});

describe('authorization matrix: without a valid token', () => {
  it('answers 401 {detail, code} on every non-public route, before reading the body', async () => {
    const refused: string[] = [];
    for (const operation of operations.filter((op) => ACCESS[operationKey(op)] !== 'public')) {
      const response = await inject(operation, {});
      if (response.statusCode !== 401 || !isApiError(response.json())) refused.push(`${operationKey(operation)} → ${response.statusCode}`);
      else expect(response.json<{ code: string }>().code).toBe('not_authenticated');
    }
    expect(refused, 'non-public routes that did not answer 401 without a token').toEqual([]);
  });

  it('answers 401 to a malformed, forged or foreign token on every non-public route', async () => {
    const forged = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6IkFEIn0.';
    const failures: string[] = [];
    for (const operation of operations.filter((op) => ACCESS[operationKey(op)] !== 'public')) {
      for (const authorization of ['Bearer not-a-token', `Bearer ${forged}`, 'Basic YWRtaW46YWRtaW4=']) {
        const response = await inject(operation, { authorization });
        if (response.statusCode !== 401)
          failures.push(`${operationKey(operation)} with ${authorization.slice(0, 12)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets nobody through on the public routes', async () => {
    for (const operation of operations.filter((op) => ACCESS[operationKey(op)] === 'public')) {
      const response = await inject(operation, {});
      expect([401, 403], `${operationKey(operation)} → ${response.statusCode}`).not.toContain(response.statusCode);
    }
  });
});

describe('authorization matrix: roles', () => {
  it('answers 403 {detail, code} to every role a restricted route does not allow, and lets the allowed roles past', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const allowed = ALLOWED_ROLES[ACCESS[operationKey(operation)] ?? 'public'];
      if (!allowed) continue;
      for (const role of ROLES_UNDER_TEST) {
        const response = await inject(operation, cast.headersOf(role), urlOf(operation, 999_999));
        const refused = response.statusCode === 403 && isApiError(response.json());
        if (allowed.includes(role) === refused || response.statusCode === 401) {
          failures.push(`${operationKey(operation)} as ${role} → ${response.statusCode} ${response.body.slice(0, 100)}`);
        }
      }
      await cast.heal();
    }
    expect(failures).toEqual([]);
  });

  it('lets every role past authentication on the routes for any signed-in person', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((op) => ACCESS[operationKey(op)] === 'signed-in')) {
      if (operationKey(operation) === 'POST /api/auth/logout/') continue; // would end the session under test
      for (const role of ROLES_UNDER_TEST) {
        const response = await inject(operation, cast.headersOf(role), urlOf(operation, 999_999));
        if (response.statusCode === 401 || response.statusCode === 403)
          failures.push(`${operationKey(operation)} as ${role} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('authorization matrix: owners', () => {
  /** Owner routes and the cast's object each one acts on (owned by the alumnus or the trainee; the event by the admin, its host). */
  const OWNED: Record<string, keyof Cast['objects']> = {
    'DELETE /social/posts/{id}/': 'postId',
    'PATCH /social/posts/{id}/': 'postId',
    'GET /social/moderation/{id}/': 'removedPostId',
    'POST /social/moderation/{id}/appeal/': 'removedPostId',
    'GET /social/conversations/{id}/messages/': 'conversationId',
    'POST /social/conversations/{id}/send_message/': 'conversationId',
    'PATCH /api/jobs/{id}/': 'jobId',
    'POST /api/jobs/{id}/close/': 'jobId',
    'POST /api/jobs/{id}/reopen/': 'jobId',
    'POST /api/referrals/{id}/close/': 'referralId',
    'POST /api/referrals/{id}/reopen/': 'referralId',
    'POST /api/mentoring/requests/{id}/accept/': 'mentorshipId',
    'POST /api/mentoring/requests/{id}/decline/': 'mentorshipId',
    'POST /api/mentoring/requests/{id}/cancel/': 'mentorshipId',
    'POST /api/mentoring/requests/{id}/complete/': 'mentorshipId',
    'GET /api/referrals/{id}/requests/': 'referralId',
    'GET /api/referral-requests/{id}/': 'referralRequestId',
    'POST /api/referral-requests/{id}/status/': 'referralRequestId',
    'POST /api/referral-requests/{id}/withdraw/': 'referralRequestId',
    'GET /api/events/{id}/attendees/': 'eventId',
    'GET /api/events/{id}/attendees.csv': 'eventId',
    'POST /api/events/{id}/check-in/': 'eventId',
  };

  it('covers every owner route of the table', () => {
    const ownerRoutes = Object.entries(ACCESS)
      .filter(([, access]) => access === 'owner')
      .map(([key]) => key);
    expect(ownerRoutes.sort()).toEqual(Object.keys(OWNED).sort());
  });

  it("refuses someone else's object to a person who neither owns it nor takes part in it", async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((op) => ACCESS[operationKey(op)] === 'owner')) {
      const objectName = OWNED[operationKey(operation)];
      const id = objectName ? cast.objects[objectName] : null;
      expect(id, `the cast has no ${objectName} (its creation failed)`).not.toBeNull();
      const payload = {
        content: 'not yours',
        caption: 'not yours',
        title: 'Taken over',
        company: 'Evil',
        text: 'not yours: an appeal by a stranger',
        user_id: cast.people.AL.id,
      };
      const response = await t.app.inject({
        method: operation.method,
        url: urlOf(operation, id ?? 0),
        headers: cast.headersOf('IN'),
        payload,
      });
      if (![403, 404].includes(response.statusCode) || !isApiError(response.json())) {
        failures.push(`${operationKey(operation)} as a stranger → ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
    const messages = await t.app.inject({
      url: `/social/conversations/${cast.objects.conversationId}/messages/`,
      headers: cast.headersOf('TR'),
    });
    expect(JSON.stringify(messages.json())).not.toContain('not yours');
    const comments = await t.app.inject({ url: `/social/posts/${cast.objects.postId}/comments/`, headers: cast.headersOf('TR') });
    expect(comments.statusCode, 'the post is still there').toBe(200);
  });
});
