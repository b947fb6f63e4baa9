import type { DigestFrequency } from '@alumlink/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

export type DigestSchedule = { digestHour: number; digestWeekday: number };

/**
 * The start of the period a digest run at `now` belongs to: the latest scheduled time not after
 * `now` (daily: today or yesterday at the hour; weekly: the last scheduled weekday at the hour),
 * in UTC. A person gets at most one digest per (frequency, period start).
 */
export function digestPeriodStart(frequency: DigestFrequency, now: Date, schedule: DigestSchedule): Date {
  const atHour = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), schedule.digestHour);
  if (frequency === 'daily') return new Date(atHour <= now.getTime() ? atHour : atHour - DAY_MS);
  const daysSince = (now.getUTCDay() - schedule.digestWeekday + 7) % 7;
  const candidate = atHour - daysSince * DAY_MS;
  return new Date(candidate <= now.getTime() ? candidate : candidate - 7 * DAY_MS);
}
