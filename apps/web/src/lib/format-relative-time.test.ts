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

  it('says what Intl says, in both styles, past and future, for every step up to a year', () => {
    const steps = [0, 44, 45, 59, 60, 89, 90, 119, 3599, 3600, 5399, 5400, 86_399, 86_400, 129_599, 129_600, 172_800, 604_799, 604_800];
    for (let seconds = 0; seconds < 366 * 86_400; seconds = Math.ceil(seconds * 1.07) + 1) steps.push(seconds);
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['second', 60],
      ['minute', 60],
      ['hour', 24],
      ['day', 7],
    ];
    const absolute = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });
    for (const style of ['long', 'short'] as const) {
      const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style });
      const expected = (iso: string) => {
        let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
        if (Math.abs(amount) < 45) return 'just now';
        for (const [unit, size] of units) {
          if (Math.abs(amount) < size) return intl.format(Math.round(amount), unit);
          amount /= size;
        }
        return absolute.format(new Date(iso));
      };
      for (const seconds of steps) {
        for (const iso of [ago(seconds), ago(-seconds)]) expect(formatRelativeTime(iso, now, style), `${style} ${iso}`).toBe(expected(iso));
      }
    }
  });
});
