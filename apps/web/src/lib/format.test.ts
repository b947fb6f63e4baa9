import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatEventDate, formatMediumDate, formatMediumDateTime } from './format';

/** Every five hours of two years (both daylight-saving changes), and minutes across midnight and noon. */
function sampleDates(): Date[] {
  const dates: Date[] = [];
  for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 5 * 3_600_000 + 7 * 60_000) dates.push(new Date(time));
  for (const hour of [0, 11, 12, 23]) for (let minute = 0; minute < 60; minute += 1) dates.push(new Date(2026, 10, 28, hour, minute));
  return dates;
}

describe('formats written out by hand', () => {
  it('say what Intl says, in the viewer time zone', () => {
    const long = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
    const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });
    const medium = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
    const mediumTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    for (const date of sampleDates()) {
      const iso = date.toISOString();
      expect(formatDate(iso), iso).toBe(long.format(date));
      expect(formatEventDate(iso), iso).toBe(`${long.format(date)} · ${time.format(date)}`);
      expect(formatMediumDate(iso), iso).toBe(medium.format(date));
      expect(formatMediumDateTime(iso), iso).toBe(mediumTime.format(date));
    }
  });

  it('read a day in UTC when asked', () => {
    const utc = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    for (const day of ['2026-01-01', '2026-02-28', '2026-12-31']) {
      const value = `${day}T00:00:00Z`;
      expect(formatMediumDate(value, 'UTC')).toBe(utc.format(new Date(value)));
    }
  });

  it('keep a plain date without a time and give back what is not a date', () => {
    expect(formatEventDate('2026-11-28')).toBe(formatDate('2026-11-28'));
    for (const format of [formatDate, formatEventDate, formatMediumDate, formatMediumDateTime]) expect(format('soon')).toBe('soon');
  });

  it('group whole numbers in thousands like Intl.NumberFormat', () => {
    const intl = new Intl.NumberFormat('en');
    for (const count of [0, 1, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 1_000_000_000, -1, -1234]) {
      expect(formatCount(count)).toBe(intl.format(count));
    }
  });
});
