// What every factory shares: unique defaults and the row an insert gave back.
let sequence = 0;

/** A short unique string for default names: a counter, plus a random tail for processes sharing one database. */
export function nextUnique(): string {
  sequence += 1;
  return `${sequence}${Math.random().toString(36).slice(2, 7)}`;
}

/** The row an insert … returning() gave back; a missing one is a broken test setup. */
export function inserted<T>(rows: T[], factory: string): T {
  const [row] = rows;
  if (!row) throw new Error(`${factory}: insert returned no row`);
  return row;
}
