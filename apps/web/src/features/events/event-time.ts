/** The viewer's own time zone (the browser's). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function formatsIn(timeZone: string) {
  return {
    date: new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }),
    time: new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone }),
    zonedTime: new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }),
  };
}

/**
 * "Sat, Nov 28, 2026 · 6:30 PM – 8:00 PM GMT+1" in `timeZone` (the app's one date format); an
 * end on another day carries its own date; no end: the start alone.
 */
export function formatEventRange(start: string, end: string | null, timeZone: string): string {
  const from = new Date(start);
  if (Number.isNaN(from.getTime())) return start;
  const f = formatsIn(timeZone);
  const to = end ? new Date(end) : null;
  if (!to || Number.isNaN(to.getTime())) return `${f.date.format(from)} · ${f.zonedTime.format(from)}`;
  const sameDay = f.date.format(from) === f.date.format(to);
  const ending = sameDay ? f.zonedTime.format(to) : `${f.date.format(to)} · ${f.zonedTime.format(to)}`;
  return `${f.date.format(from)} · ${f.time.format(from)} – ${ending}`;
}

/** The event's times in its own zone and, when that reads differently, in the viewer's. */
export function eventTimes(start: string, end: string | null, timeZone: string, viewerZone = viewerTimeZone()) {
  const local = formatEventRange(start, end, timeZone);
  const yours = formatEventRange(start, end, viewerZone);
  return { local, yours: yours === local ? null : yours };
}
