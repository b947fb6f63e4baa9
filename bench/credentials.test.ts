import { describe, expect, it } from 'vitest';
import { refreshPoolNote } from './credentials';

describe('refreshPoolNote', () => {
  it('names the pool while every request had a fresh token', () => {
    expect(refreshPoolNote(21_000, 21_000)).toBe('each request uses a fresh token from a pool of 21000');
  });

  it('says when the pool ran out, so the 401s of reused tokens are not read as failures', () => {
    expect(refreshPoolNote(21_000, 25_544)).toBe(
      'each request uses a fresh token from a pool of 21000; the pool ran out after 21000 of 25544 requests, and reused tokens are refused (401)',
    );
  });
});
