const dateFormat = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });

/** "Sat, 14 Jun 2025 · 6:30 PM" for an ISO date-time; the raw text when it is not a date. */
export function formatEventDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const hasTime = /T\d{2}:\d{2}/.test(value);
  return hasTime ? `${dateFormat.format(date)} · ${timeFormat.format(date)}` : dateFormat.format(date);
}
