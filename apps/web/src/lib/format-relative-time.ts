// Written out by hand rather than with Intl.RelativeTimeFormat, like the formats of ./format.ts (why
// there): the feed's post times are the only dates on the first paint of /user. The test checks the
// output against Intl.

import { mediumDate } from './format';

type Unit = 'second' | 'minute' | 'hour' | 'day';
type Style = 'long' | 'short';

const STEPS: [Unit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

const SHORT_UNITS: Record<Unit, string> = { second: 'sec.', minute: 'min.', hour: 'hr.', day: 'day' };

/** What Intl.RelativeTimeFormat('en', { numeric: 'auto', style }) says for a whole amount. */
function relative(amount: number, unit: Unit, style: Style): string {
  if (unit === 'day' && amount === -1) return 'yesterday';
  if (unit === 'day' && amount === 1) return 'tomorrow';
  if (amount === 0) return unit === 'second' ? 'now' : unit === 'day' ? 'today' : `this ${unit}`;
  const count = Math.abs(amount);
  const plural = count === 1 ? '' : 's';
  const words = style === 'long' || unit === 'day' ? `${count} ${unit}${plural}` : `${count} ${SHORT_UNITS[unit]}`;
  return amount < 0 ? `${words} ago` : `in ${words}`;
}

/**
 * "just now", "5 minutes ago" ("5 min. ago" in the short style), "yesterday"; an absolute date
 * after a week.
 */
export function formatRelativeTime(iso: string, now: Date = new Date(), style: Style = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative(Math.round(amount), unit, style);
    amount /= size;
  }
  return mediumDate(date);
}
