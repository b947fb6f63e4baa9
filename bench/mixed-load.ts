import { cpuMillisBetween, perItem, type CpuMeter, type CpuSpent } from './cpu-meter';
import { conversationCount, conversationPair } from './identities';
import type { Scale } from './options';
import { runOpenLoop, type ClassedRequest, type OpenLoopResult } from './open-loop';
import { openSender } from './sender';

/**
 * The mixed scenario: what a day of real use looks like, as one stream of arrivals at a fixed
 * rate (issue #15). Shares are per 100 requests; reads and writes have their own p99 targets.
 */
export const MIX = [
  { kind: 'feed', share: 60, write: false, label: 'feed pages (7 in 10 page 1, the rest pages 2–50)' },
  { kind: 'typeahead', share: 15, write: false, label: 'type-ahead people search (GET /api/search-users/?q=)' },
  { kind: 'profile', share: 10, write: false, label: "a person's profile or posts (by-id, user-posts)" },
  { kind: 'like', share: 7, write: true, label: 'like toggle' },
  { kind: 'comment', share: 4, write: true, label: 'comment' },
  { kind: 'message', share: 4, write: true, label: 'send message' },
] as const;

export type MixKind = (typeof MIX)[number]['kind'];

export const READ_P99_TARGET_MS = 25;
export const WRITE_P99_TARGET_MS = 50;

/**
 * What people type into the search box, a keystroke or two at a time: one letter, a prefix,
 * digits (ids, years), an e-mail fragment, no match, non-ASCII and common first names.
 * (The bench's `typeahead` endpoint has its own list; this one belongs to the mixed scenario.)
 */
export const TYPEAHEAD_QUERIES = [
  'a',
  'an',
  'ann',
  '7',
  '42',
  'gmail',
  'zz',
  'é',
  'amina',
  'dan',
  'sam',
  'fatima',
  'kevin',
  'peter',
  'maria',
  'jo',
] as const;

/** Pages of the feed the deep reads open (page 1 needs no cursor). */
export const DEEP_FEED_PAGES = [2, 3, 4, 5, 10, 20, 50] as const;

/** Slot 0..99 of request n: 37 is coprime with 100, so every 100 requests hold each share exactly, interleaved. */
export function kindAt(n: number): MixKind {
  let slot = (n * 37) % 100;
  for (const entry of MIX) {
    if (slot < entry.share) return entry.kind;
    slot -= entry.share;
  }
  return 'feed';
}

export type MixContext = {
  scale: Scale;
  /** Ordinary people who read, like and comment in turn. */
  viewerIds: number[];
  /** Access tokens by person id (viewers and chatters). */
  tokens: Map<number, string>;
  /** Cursor opening each page of DEEP_FEED_PAGES, in that order. */
  deepFeedCursors: string[];
};

/**
 * Request n of the mix. Each class counts its own requests, so people, posts, conversations and
 * queries rotate within a class: writes are spread over 5,000 people (likes, comments) and the
 * 2,000 chatters (messages), and every one of them is a valid request that succeeds.
 */
export function mixedRequests(context: MixContext): (n: number) => ClassedRequest {
  const { scale, viewerIds, tokens, deepFeedCursors } = context;
  const bearer = (id: number) => {
    const token = tokens.get(id);
    if (!token) throw new Error(`No access token for person ${id}`);
    return { authorization: `Bearer ${token}` };
  };
  const viewerAt = (k: number) => viewerIds[k % viewerIds.length] ?? 2;
  const postAt = (k: number) => 1 + ((k * 104_729) % scale.posts);
  const personAt = (k: number) => 1 + ((k * 7_919) % scale.people);
  const conversations = conversationCount(scale);
  const counts = new Map<MixKind, number>();

  const make = (kind: MixKind, k: number): ClassedRequest => {
    switch (kind) {
      case 'feed': {
        const cursor = k % 10 >= 7 ? deepFeedCursors[k % deepFeedCursors.length] : undefined;
        const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        return { kind, method: 'GET', path: `/social/posts/${query}`, headers: bearer(viewerAt(k)) };
      }
      case 'typeahead': {
        const q = TYPEAHEAD_QUERIES[k % TYPEAHEAD_QUERIES.length] ?? 'a';
        return { kind, method: 'GET', path: `/api/search-users/?q=${encodeURIComponent(q)}`, headers: bearer(viewerAt(k * 3)) };
      }
      case 'profile': {
        const path = k % 2 === 0 ? '/social/profiles/by-id/' : '/social/posts/user-posts/';
        return { kind, method: 'GET', path: `${path}?user_id=${personAt(k)}`, headers: bearer(viewerAt(k * 5)) };
      }
      case 'like':
        return { kind, method: 'POST', path: `/social/posts/${postAt(k)}/like/`, headers: bearer(viewerAt(k * 7)) };
      case 'comment':
        return {
          kind,
          method: 'POST',
          path: `/social/posts/${postAt(k + 1)}/comment/`,
          headers: bearer(viewerAt(k * 11)),
          body: JSON.stringify({ text: `Mixed bench comment ${k}` }),
        };
      case 'message': {
        const id = 1 + (k % conversations);
        const pair = conversationPair(id);
        const sender = Math.floor(k / conversations) % 2 === 0 ? pair.a : pair.b;
        return {
          kind,
          method: 'POST',
          path: `/social/conversations/${id}/send_message/`,
          headers: bearer(sender),
          body: JSON.stringify({ content: `Mixed bench message ${k}` }),
        };
      }
    }
  };
  return (n) => {
    const kind = kindAt(n);
    const k = counts.get(kind) ?? 0;
    counts.set(kind, k + 1);
    return make(kind, k);
  };
}

/**
 * Walks the feed once as `token`'s owner and keeps the cursors that open DEEP_FEED_PAGES (the
 * feed is the same for everyone, so one walk serves every viewer).
 */
export async function deepFeedCursors(baseUrl: string, token: string): Promise<string[]> {
  const last = Math.max(...DEEP_FEED_PAGES);
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < last; page += 1) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${baseUrl}/social/posts/${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { next?: string | null };
    if (response.status !== 200 || !body.next) throw new Error(`Feed page ${page} gave ${response.status} with no next cursor`);
    cursor = body.next;
    if ((DEEP_FEED_PAGES as readonly number[]).includes(page + 1)) cursors.push(cursor);
  }
  return cursors;
}

export type MixedRun = {
  result: OpenLoopResult;
  /** Server CPU (API workers + PostgreSQL backends) per answered request of the measured run; null off Linux. */
  serverCpu: CpuSpent | null;
};

/** The mixed scenario: an untimed warm-up at the same rate, then `seconds` measured on the warm-up's connections. */
export async function runMixed(
  baseUrl: string,
  context: MixContext,
  options: { rate: number; seconds: number; warmupSeconds: number; waitUntilIdle: () => Promise<void>; cpu: CpuMeter },
): Promise<MixedRun> {
  const next = mixedRequests(context);
  const sender = openSender(baseUrl);
  try {
    if (options.warmupSeconds > 0) {
      await runOpenLoop(baseUrl, next, { rate: options.rate, seconds: options.warmupSeconds, sender });
      await options.waitUntilIdle();
    }
    const cpuBefore = options.cpu.read();
    const result = await runOpenLoop(baseUrl, next, { rate: options.rate, seconds: options.seconds, sender });
    await options.waitUntilIdle();
    return { result, serverCpu: perItem(cpuMillisBetween(cpuBefore, options.cpu.read()), result.answered) };
  } finally {
    await sender.close();
  }
}
