/** Wall-clock times in a named time zone, for the form's datetime-local fields ("2031-05-01T17:00"). */

const pad = (value: number) => String(value).padStart(2, '0');

/** How far `timeZone`'s clock is ahead of UTC at `date`, in milliseconds. */
function offsetAt(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}

/** "2031-05-01T17:00" read in `timeZone` → ISO 8601 UTC; null when the text is not a date-time. */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // Twice: the offset at the guessed instant may differ across a daylight-saving change.
  const first = asUtc - offsetAt(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetAt(new Date(first), timeZone)).toISOString();
}

/** ISO 8601 → the wall-clock "YYYY-MM-DDTHH:mm" in `timeZone` ('' for no date). */
export function isoToZonedLocal(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const wall = new Date(date.getTime() + offsetAt(date, timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** Every IANA time zone this browser knows (for the field's suggestions). */
export function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}
