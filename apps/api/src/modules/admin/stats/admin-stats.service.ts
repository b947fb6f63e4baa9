import { ADMIN_ACTIVITY_DAYS, type AdminStats } from '@alumlink/contract';
import type { AppContext } from '../../../app-context';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days from `days - 1` days ago to today, oldest first, as YYYY-MM-DD. */
export function lastUtcDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

/** Dashboard numbers from the trigger-kept counters: a handful of rows at any size. */
export async function readAdminStats(ctx: AppContext, now = new Date()): Promise<AdminStats> {
  const days = lastUtcDays(now, ADMIN_ACTIVITY_DAYS);
  const { counters, perDay } = await ctx.repositories.adminStats.readStats(days[0] ?? '');
  const counter = (key: string) => counters.get(key) ?? 0;
  return {
    users: {
      total: counter('users_total'),
      AD: counter('users_AD'),
      TR: counter('users_TR'),
      IN: counter('users_IN'),
      AL: counter('users_AL'),
    },
    posts: counter('posts'),
    referrals: { done: counter('referrals_closed'), pending: counter('referrals_open') },
    activity: days.map((day) => ({ day, signups: perDay.get(`${day}|signups`) ?? 0, posts: perDay.get(`${day}|posts`) ?? 0 })),
  };
}
