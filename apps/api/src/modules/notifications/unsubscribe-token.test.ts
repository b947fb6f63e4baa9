import { describe, expect, it } from 'vitest';
import { maskEmail, signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('unsubscribe tokens', () => {
  it('carry the person and categories (in the settings order) and verify under the same secret only', () => {
    const token = signUnsubscribeToken(SECRET, { userId: 42, categories: ['event', 'comment'] });
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ userId: 42, categories: ['comment', 'event'] });
    expect(verifyUnsubscribeToken(`${SECRET}x`, token)).toBeNull();
  });

  it('refuse tampering and junk', () => {
    const token = signUnsubscribeToken(SECRET, { userId: 42, categories: ['like'] });
    const [, signature] = token.split('.');
    const other = Buffer.from('43.like').toString('base64url');
    expect(verifyUnsubscribeToken(SECRET, `${other}.${signature}`)).toBeNull();
    for (const junk of ['', '.', 'a.b', `${token}.x`, token.toUpperCase()]) expect(verifyUnsubscribeToken(SECRET, junk)).toBeNull();
  });

  it('masks the address it shows', () => {
    expect(maskEmail('ada@example.com')).toBe('a***@example.com');
    expect(maskEmail('broken')).toBe('***');
  });
});
