import { describe, expect, it } from 'vitest';
import { conversationPair } from './identities';
import { DEEP_FEED_PAGES, kindAt, MIX, mixedRequests, TYPEAHEAD_QUERIES, type MixKind } from './mixed-load';
import { SCALES } from './options';

const scale = SCALES.small;
const viewerIds = Array.from({ length: 3_999 }, (_, index) => index + 2);
const tokens = new Map(Array.from({ length: 4_000 }, (_, index) => [index + 1, `token-${index + 1}`] as const));
const deepFeedCursors = DEEP_FEED_PAGES.map((page) => `cursor/page=${page}`);

function take(count: number) {
  const next = mixedRequests({ scale, viewerIds, tokens, deepFeedCursors });
  return Array.from({ length: count }, (_, n) => next(n));
}

const callerOf = (request: { headers?: Record<string, string> }) => Number(request.headers?.authorization?.replace('Bearer token-', ''));

describe('the mix', () => {
  it('holds every class at its share in each 100 requests, interleaved', () => {
    expect(MIX.reduce((sum, entry) => sum + entry.share, 0)).toBe(100);
    const expected: Record<MixKind, number> = { feed: 60, typeahead: 15, profile: 10, like: 7, comment: 4, message: 4 };
    for (const offset of [0, 100, 12_300]) {
      const counts: Record<string, number> = {};
      for (let n = offset; n < offset + 100; n += 1) counts[kindAt(n)] = (counts[kindAt(n)] ?? 0) + 1;
      expect(counts).toEqual(expected);
    }
    // Not 60 feeds in a row: the first ten requests already hold three classes.
    expect(new Set(Array.from({ length: 10 }, (_, n) => kindAt(n))).size).toBeGreaterThanOrEqual(3);
  });

  it('reads: feed page 1 seven times in ten and the deep pages otherwise; type-ahead rotates the short queries', () => {
    const requests = take(2_000);
    const feeds = requests.filter((request) => request.kind === 'feed');
    expect(feeds.every((request) => request.method === 'GET' && request.path.startsWith('/social/posts/'))).toBe(true);
    const deep = feeds.filter((request) => request.path.includes('?cursor='));
    expect(deep.length / feeds.length).toBeCloseTo(0.3, 2);
    expect(new Set(deep.map((request) => request.path))).toEqual(
      new Set(deepFeedCursors.map((cursor) => `/social/posts/?cursor=${encodeURIComponent(cursor)}`)),
    );

    const searches = requests.filter((request) => request.kind === 'typeahead');
    const queries = new Set(searches.map((request) => new URL(request.path, 'http://x').searchParams.get('q')));
    expect(queries).toEqual(new Set(TYPEAHEAD_QUERIES));
    expect(searches.every((request) => request.path.startsWith('/api/search-users/?q='))).toBe(true);
    expect(searches.some((request) => request.path.endsWith('?q=%C3%A9'))).toBe(true);

    const profiles = requests.filter((request) => request.kind === 'profile');
    expect(new Set(profiles.map((request) => request.path.split('?')[0]))).toEqual(
      new Set(['/social/profiles/by-id/', '/social/posts/user-posts/']),
    );
    for (const request of requests) expect(tokens.has(callerOf(request))).toBe(true);
  });

  it('writes are valid requests spread over many people: likes and comments on existing posts, messages by a member of the conversation', () => {
    const requests = take(20_000);
    const likes = requests.filter((request) => request.kind === 'like');
    const comments = requests.filter((request) => request.kind === 'comment');
    const messages = requests.filter((request) => request.kind === 'message');
    expect([likes.length, comments.length, messages.length]).toEqual([1_400, 800, 800]);

    for (const like of likes) {
      const post = Number(/^\/social\/posts\/(\d+)\/like\/$/.exec(like.path)?.[1]);
      expect(post).toBeGreaterThanOrEqual(1);
      expect(post).toBeLessThanOrEqual(scale.posts);
    }
    expect(new Set(likes.map(callerOf)).size).toBeGreaterThan(1_000);
    for (const comment of comments) {
      expect(comment.path).toMatch(/^\/social\/posts\/\d+\/comment\/$/);
      expect((JSON.parse(comment.body ?? '{}') as { text?: string }).text).toMatch(/\S/);
    }
    expect(new Set(comments.map(callerOf)).size).toBeGreaterThan(500);
    for (const message of messages) {
      const id = Number(/^\/social\/conversations\/(\d+)\/send_message\/$/.exec(message.path)?.[1]);
      const pair = conversationPair(id);
      expect([pair.a, pair.b]).toContain(callerOf(message));
      expect((JSON.parse(message.body ?? '{}') as { content?: string }).content).toMatch(/\S/);
    }
    expect(new Set(messages.map(callerOf)).size).toBeGreaterThan(500);
  });
});
