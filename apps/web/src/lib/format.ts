// Made on first use, not when the module loads: the first Intl object a page creates costs tens of
// milliseconds (see format-relative-time.ts), and this module is in the chunk every page loads.
let formats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;

/** "Sat, 14 Jun 2025 · 6:30 PM" for an ISO date-time; the raw text when it is not a date. */
export function formatEventDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  formats ??= {
    date: new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }),
  };
  const hasTime = /T\d{2}:\d{2}/.test(value);
  return hasTime ? `${formats.date.format(date)} · ${formats.time.format(date)}` : formats.date.format(date);
}
