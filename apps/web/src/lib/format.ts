// English only, like the rest of the interface, and written out by hand rather than with Intl: the
// first Intl object a page creates loads the browser's locale data, 25–60 ms of main thread (100–400 ms
// on Lighthouse's throttled phone), in one task. The test checks every format against Intl's output.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Read in the viewer's time zone, or in UTC (dates stored without a time of day). */
export type Zone = 'local' | 'UTC';

function parts(date: Date, zone: Zone) {
  return zone === 'UTC'
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), weekday: date.getUTCDay() }
    : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), weekday: date.getDay() };
}

function parsed(value: string | Date): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 28, 2026" (Intl's dateStyle 'medium'). */
export function mediumDate(date: Date, zone: Zone = 'local'): string {
  const { year, month, day } = parts(date, zone);
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** "Sat, Nov 28, 2026". */
function longDate(date: Date): string {
  return `${WEEKDAYS[date.getDay()]}, ${mediumDate(date)}`;
}

/** "6:30 PM" (Intl's hour 'numeric', minute '2-digit'), in the viewer's time zone. */
export function shortTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "1,234" for a whole number (Intl.NumberFormat('en')). */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return sign + String(Math.abs(Math.round(count))).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The one date format of the app: "Sat, Nov 28, 2026"; the raw text when it is not a date. */
export function formatDate(value: string): string {
  const date = parsed(value);
  return date ? longDate(date) : value;
}

/** "Sat, Nov 28, 2026 · 6:30 PM" for an ISO date-time (the date alone for a plain date); the raw text when it is not a date. */
export function formatEventDate(value: string): string {
  const date = parsed(value);
  if (!date) return value;
  return /T\d{2}:\d{2}/.test(value) ? `${longDate(date)} · ${shortTime(date)}` : longDate(date);
}

/** "Nov 28, 2026" for a date or date-time; the raw text when it is not a date. */
export function formatMediumDate(value: string, zone: Zone = 'local'): string {
  const date = parsed(value);
  return date ? mediumDate(date, zone) : value;
}

/** "Nov 28, 2026, 6:30 PM" (Intl's dateStyle 'medium' with timeStyle 'short'); the raw text when it is not a date. */
export function formatMediumDateTime(value: string): string {
  const date = parsed(value);
  return date ? `${mediumDate(date)}, ${shortTime(date)}` : value;
}
