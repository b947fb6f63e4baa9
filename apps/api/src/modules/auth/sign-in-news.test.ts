import { LIMITS } from '@alumlink/contract';
import { describe, expect, it } from 'vitest';
import { createSignInNews, SIGN_IN_NEWS_CLOCK_MARGIN_MS as MARGIN } from './sign-in-news';

const START = Date.parse('2026-11-27T08:00:00Z');
const TOKEN_LIFE_MS = LIMITS.accessTokenMinutes * 60_000;

/** News on a clock the test moves. */
function newsAt(start = START) {
  const clock = { now: start };
  const news = createSignInNews({ now: () => clock.now });
  return { news, clock };
}

const tokenOf = (id: number, issuedAtMs: number) => ({ id, issuedAt: new Date(issuedAtMs) });

describe('sign-in news', () => {
  it('vouches for nothing until the changes are listened to', () => {
    const { news, clock } = newsAt();
    clock.now += 60_000;
    expect(news.vouchesFor(tokenOf(1, clock.now))).toBe(false);
  });

  it('vouches only for tokens issued after the listening began, by more than the clock margin', () => {
    const { news, clock } = newsAt();
    news.setListening(true);
    expect(news.vouchesFor(tokenOf(1, START - 60_000))).toBe(false);
    expect(news.vouchesFor(tokenOf(1, START))).toBe(false);
    expect(news.vouchesFor(tokenOf(1, START + MARGIN - 1))).toBe(false);
    clock.now += MARGIN + 1_000;
    expect(news.vouchesFor(tokenOf(1, START + MARGIN))).toBe(true);
    expect(news.vouchesFor(tokenOf(1, clock.now))).toBe(true);
  });

  it('stops vouching for a person whose change was heard after (or near) their token was issued', () => {
    const { news, clock } = newsAt();
    news.setListening(true);
    clock.now = START + 60_000;
    const issued = clock.now;
    expect(news.vouchesFor(tokenOf(7, issued))).toBe(true);
    clock.now += 1;
    news.changed(7);
    expect(news.vouchesFor(tokenOf(7, issued))).toBe(false);
    // Another person's tokens are not concerned.
    expect(news.vouchesFor(tokenOf(8, issued))).toBe(true);
    // A change heard shortly before the issue (another instance's clock may run ahead) counts too...
    expect(news.vouchesFor(tokenOf(7, clock.now + MARGIN))).toBe(false);
    // ...and a token issued well after the change is vouched for again.
    expect(news.vouchesFor(tokenOf(7, clock.now + MARGIN + 1))).toBe(true);
  });

  it('forgets what it heard when the listening breaks, and starts again from the reconnection', () => {
    const { news, clock } = newsAt();
    news.setListening(true);
    clock.now = START + 60_000;
    news.changed(7);
    news.setListening(false);
    expect(news.size).toBe(0);
    expect(news.vouchesFor(tokenOf(8, clock.now))).toBe(false);
    clock.now += 5_000;
    const reconnectedAt = clock.now;
    news.setListening(true);
    // Issued while nobody listened: a change then was missed.
    expect(news.vouchesFor(tokenOf(8, reconnectedAt - 1_000))).toBe(false);
    expect(news.vouchesFor(tokenOf(8, reconnectedAt + MARGIN))).toBe(true);
  });

  it('keeps a change only as long as a token it concerns can live', () => {
    const { news, clock } = newsAt();
    news.setListening(true);
    clock.now = START + 60_000;
    news.changed(1);
    news.changed(2);
    expect(news.size).toBe(2);
    clock.now += TOKEN_LIFE_MS + MARGIN + 1;
    news.changed(3);
    expect(news.size).toBe(1);
    // A person changed again moves to the end: only the older news is dropped.
    news.changed(3);
    clock.now += 1_000;
    news.changed(4);
    expect(news.size).toBe(2);
  });
});
