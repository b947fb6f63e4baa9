import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const now = new Date('2025-06-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [10, 'just now'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [3 * 86400, '3 days ago'],
  ])('%i seconds ago reads %s', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });

  it('shows the date after a week and nothing for garbage', () => {
    expect(formatRelativeTime('2025-05-01T12:00:00.000Z', now)).toBe('May 1, 2025');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
