import { describe, expect, it } from 'vitest';
import { digestPeriodStart } from './digest-period';

const schedule = { digestHour: 7, digestWeekday: 1 }; // Mondays at 07:00 UTC
const at = (iso: string) => new Date(iso);

describe('digestPeriodStart', () => {
  it('daily: today at the hour once it has passed, else yesterday', () => {
    expect(digestPeriodStart('daily', at('2031-03-12T07:00:00Z'), schedule)).toEqual(at('2031-03-12T07:00:00Z'));
    expect(digestPeriodStart('daily', at('2031-03-12T23:59:00Z'), schedule)).toEqual(at('2031-03-12T07:00:00Z'));
    expect(digestPeriodStart('daily', at('2031-03-12T06:59:59Z'), schedule)).toEqual(at('2031-03-11T07:00:00Z'));
  });

  it('weekly: the last scheduled weekday at the hour', () => {
    // 2031-03-10 is a Monday.
    expect(digestPeriodStart('weekly', at('2031-03-10T07:00:00Z'), schedule)).toEqual(at('2031-03-10T07:00:00Z'));
    expect(digestPeriodStart('weekly', at('2031-03-16T20:00:00Z'), schedule)).toEqual(at('2031-03-10T07:00:00Z'));
    expect(digestPeriodStart('weekly', at('2031-03-10T06:00:00Z'), schedule)).toEqual(at('2031-03-03T07:00:00Z'));
    expect(digestPeriodStart('weekly', at('2031-03-12T00:00:00Z'), { digestHour: 0, digestWeekday: 0 })).toEqual(
      at('2031-03-09T00:00:00Z'),
    );
  });
});
