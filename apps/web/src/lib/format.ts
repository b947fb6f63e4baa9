// Made on first use, not when the module loads: the first Intl object a page creates costs tens of
// milliseconds (see format-relative-time.ts), and this module is in the chunk every page loads.
let formats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat; zonedTime: Intl.DateTimeFormat } | undefined;

function getFormats() {
  formats ??= {
    date: new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }),
    zonedTime: new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  };
  return formats;
}

/** The one date format of the app: "Sat, Nov 28, 2026"; the raw text when it is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : getFormats().date.format(date);
}

/** "Sat, Nov 28, 2026 · 6:30 PM" for an ISO date-time (the date alone for a plain date); the raw text when it is not a date. */
export function formatEventDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const hasTime = /T\d{2}:\d{2}/.test(value);
  return hasTime ? `${getFormats().date.format(date)} · ${getFormats().time.format(date)}` : getFormats().date.format(date);
}

/** "Sat, Nov 28, 2026 · 6:30 PM GMT+1": the date and time with the viewer's time zone named. */
export function formatZonedDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${getFormats().date.format(date)} · ${getFormats().zonedTime.format(date)}`;
}
