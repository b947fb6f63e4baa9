const relativeFormats = {
  long: new Intl.RelativeTimeFormat('en', { numeric: 'auto' }),
  short: new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' }),
};
const absolute = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * "just now", "5 minutes ago" ("5 min. ago" in the short style), "yesterday"; an absolute date
 * after a week.
 */
export function formatRelativeTime(iso: string, now: Date = new Date(), style: 'long' | 'short' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relativeFormats[style].format(Math.round(amount), unit);
    amount /= size;
  }
  return absolute.format(date);
}
