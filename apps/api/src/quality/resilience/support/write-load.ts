// A steady stream of real writes (messages and comments, each with a unique text) against a
// running server, recording what every request got back.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { comments, messages, posts } from '../../../db/schema/index';
import { signAccessToken } from '../../../lib/tokens';
import { createUser, startTestSession, TEST_JWT_SECRET, type TestUser } from '../../../test/index';

/** Where the writes go: one conversation (messages) and one post (comments). */
export type WriteTarget = { token: string; conversationId: number; postId: number };

export type WriteOutcome = {
  /** The unique text written (message content or comment text). */
  key: string;
  kind: 'message' | 'comment';
  /** HTTP status, or null when no answer came back (connection refused or reset, timeout). */
  status: number | null;
  /** The network error code when there was no answer (ECONNREFUSED, ECONNRESET, ...). */
  error: string | null;
  retryAfter: string | null;
  startedAt: number;
  ms: number;
};

/** A person signed in once (`session`: their session family, the tokens' sid). */
export type SignedInUser = TestUser & { session: string };

export type Fixture = { alice: SignedInUser; bob: SignedInUser; postId: number };

/** A new person with one sign-in, written straight into a migrated database. */
export async function signedInUser(db: Executor, firstName: string): Promise<SignedInUser> {
  const user = await createUser(db, { firstName });
  return { ...user, session: await startTestSession(db, user.id) };
}

/** Two signed-in people and a post by Bob, written straight into a migrated database. */
export async function seedFixture(db: Executor): Promise<Fixture> {
  const alice = await signedInUser(db, 'Alice');
  const bob = await signedInUser(db, 'Bob');
  const [post] = await db.insert(posts).values({ userId: bob.id, caption: 'Resilience', image: 'posts/x.webp' }).returning();
  if (!post) throw new Error('no post');
  return { alice, bob, postId: post.id };
}

export function tokenFor(user: SignedInUser): Promise<string> {
  return signAccessToken(TEST_JWT_SECRET, { id: user.id, role: 'TR', isStaff: false, email: user.email, session: user.session });
}

/** Alice's conversation with Bob (through the API) and her token: where the load writes. */
export async function writeTarget(baseUrl: string, fixture: Fixture): Promise<WriteTarget> {
  const token = await tokenFor(fixture.alice);
  const response = await fetch(`${baseUrl}/social/conversations/start_conversation/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: fixture.bob.id }),
  });
  if (!response.ok) throw new Error(`start_conversation answered ${response.status}: ${await response.text()}`);
  const { id } = (await response.json()) as { id: number };
  return { token, conversationId: id, postId: fixture.postId };
}

function networkErrorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; name?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (error instanceof Error && error.name === 'TimeoutError') return 'TIMEOUT';
  return error instanceof Error ? error.name : String(error);
}

/** Sends one write and records the outcome; never throws. `timeoutMs` bounds a hang. */
export async function sendWrite(
  baseUrl: string,
  target: WriteTarget,
  kind: WriteOutcome['kind'],
  key: string,
  timeoutMs = 15_000,
): Promise<WriteOutcome> {
  const [path, body] =
    kind === 'message'
      ? [`/social/conversations/${target.conversationId}/send_message/`, { content: key }]
      : [`/social/posts/${target.postId}/comment/`, { text: key }];
  const startedAt = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return {
      key,
      kind,
      status: response.status,
      error: null,
      retryAfter: response.headers.get('retry-after'),
      startedAt,
      ms: Date.now() - startedAt,
    };
  } catch (error) {
    return { key, kind, status: null, error: networkErrorCode(error), retryAfter: null, startedAt, ms: Date.now() - startedAt };
  }
}

export type WriteLoad = {
  /** Every finished request so far, in completion order. */
  outcomes: WriteOutcome[];
  /** Requests sent and not yet answered right now. */
  inFlight(): number;
  /** Waits until at least `count` requests have finished (or throws after `timeoutMs`). */
  waitForCompleted(count: number, timeoutMs?: number): Promise<void>;
  /** Stops sending; resolves with every outcome once the requests in flight have finished. */
  stop(): Promise<WriteOutcome[]>;
};

/**
 * `concurrency` workers each sending writes one after another (alternating messages and
 * comments) until stop(). After a request without an answer a worker waits `pauseAfterErrorMs`
 * so a down server is not hammered in a tight loop.
 */
export function startWriteLoad(
  baseUrl: string,
  target: WriteTarget,
  options: { concurrency?: number; prefix?: string; pauseAfterErrorMs?: number } = {},
): WriteLoad {
  const { concurrency = 4, prefix = 'w', pauseAfterErrorMs = 50 } = options;
  const outcomes: WriteOutcome[] = [];
  let stopped = false;
  let sequence = 0;
  let inFlight = 0;
  const worker = async () => {
    while (!stopped) {
      sequence += 1;
      inFlight += 1;
      const outcome = await sendWrite(baseUrl, target, sequence % 2 === 0 ? 'message' : 'comment', `${prefix}-${sequence}`);
      inFlight -= 1;
      outcomes.push(outcome);
      if (outcome.status === null || outcome.status >= 500) await new Promise((resolve) => setTimeout(resolve, pauseAfterErrorMs));
    }
  };
  const workers = Promise.all(Array.from({ length: concurrency }, worker));
  return {
    outcomes,
    inFlight: () => inFlight,
    waitForCompleted: async (count, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (outcomes.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${outcomes.length} of ${count} writes finished in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: async () => {
      stopped = true;
      await workers;
      return outcomes;
    },
  };
}

/** The keys among `outcomes` that are in the database (messages of the conversation, comments of the post). */
export async function persistedKeys(
  db: Executor,
  target: Pick<WriteTarget, 'conversationId' | 'postId'>,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const messageRows = await db
    .select({ key: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, target.conversationId), inArray(messages.content, keys)));
  const commentRows = await db
    .select({ key: comments.text })
    .from(comments)
    .where(and(eq(comments.postId, target.postId), inArray(comments.text, keys)));
  return new Set([...messageRows, ...commentRows].map((row) => row.key));
}

export const isSuccess = (outcome: WriteOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/**
 * Nothing half-written: the post's comments_count matches its comments, and the conversation's
 * last-message preview is one of its messages (concurrent sends may commit out of timestamp order).
 */
export async function countersAreConsistent(db: Executor, target: Pick<WriteTarget, 'conversationId' | 'postId'>): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`
    select
      (select comments_count from posts where id = ${target.postId}) = (select count(*) from comments where post_id = ${target.postId})
      and exists (
        select 1 from conversations c join messages m on m.conversation_id = c.id and m.content = c.last_message_content
        where c.id = ${target.conversationId}
      ) as ok`);
  return rows[0]?.ok === true;
}
