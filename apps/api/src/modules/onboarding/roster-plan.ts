import { ASSIGNABLE_ROLES, emailSchema, LIMITS, type RosterAction } from '@alumlink/contract';
import type { Executor } from '../../db/client';
import type { RosterRecord } from './roster-csv';
import * as repository from './roster.repository';

/** The order roles rise in: a roster row never moves anyone down it. */
const RANK: Record<string, number> = { TR: 1, IN: 2, AL: 3 };
/** A new person's role when their row names none. */
export const DEFAULT_ROSTER_ROLE = 'TR';

export type RowPlan = {
  record: RosterRecord;
  /** The normalised (lower-case) e-mail, or the cell as given when invalid. */
  email: string;
  action: RosterAction;
  errors: string[];
  note: string | null;
  /** invite: the new person's role; update: the raised role, or null when it stays. */
  role: string | null;
  /** The cohort to set, or null. */
  cohort: { id: number; name: string; year: number } | null;
  /** update: the person. */
  userId: number | null;
};

/** Cohorts by lower-case name, looked up once per file. */
export class CohortCache {
  private readonly known = new Map<string, { id: number; name: string; year: number } | null>();
  async resolve(db: Executor, names: string[]): Promise<void> {
    const wanted = [...new Set(names.map((name) => name.toLowerCase()))].filter((name) => !this.known.has(name));
    if (wanted.length === 0) return;
    const rows = await repository.findCohortsByLowerName(db, wanted);
    for (const name of wanted) this.known.set(name, rows.find((row) => row.name.toLowerCase() === name) ?? null);
  }
  get(name: string) {
    return this.known.get(name.toLowerCase()) ?? null;
  }
}

function checkRecord(record: RosterRecord, seen: Map<string, number>, cohorts: CohortCache): { email: string; errors: string[] } {
  const errors: string[] = [];
  const parsed = emailSchema.safeParse(record.email);
  const email = parsed.success ? parsed.data : record.email;
  if (!record.email) errors.push('The e-mail is missing.');
  else if (!parsed.success) errors.push(`"${record.email}" is not a valid e-mail address.`);
  if (!record.first_name) errors.push('The first name is missing.');
  if (!record.last_name) errors.push('The last name is missing.');
  if (record.first_name.length > LIMITS.nameMax || record.last_name.length > LIMITS.nameMax)
    errors.push(`Names may have at most ${LIMITS.nameMax} characters.`);
  const role = record.role.toUpperCase();
  if (role && !(ASSIGNABLE_ROLES as readonly string[]).includes(role)) errors.push(`The role must be TR, IN or AL, not "${record.role}".`);
  if (record.cohort && !cohorts.get(record.cohort)) errors.push(`There is no cohort named "${record.cohort}".`);
  if (parsed.success) {
    const first = seen.get(email);
    if (first !== undefined) errors.push(`The same e-mail is already on line ${first}.`);
    else seen.set(email, record.line);
  }
  return { email, errors };
}

/**
 * What each row of a batch does, with set-based look-ups (one query for the people, one for
 * pending invitations, cohorts cached per file). `seen` carries the file's e-mails across
 * batches (a repeated address is an error on its later lines). Writes nothing.
 */
export async function planBatch(
  db: Executor,
  records: RosterRecord[],
  seen: Map<string, number>,
  cohorts: CohortCache,
  now: Date,
): Promise<RowPlan[]> {
  await cohorts.resolve(db, records.map((record) => record.cohort).filter(Boolean));
  const checked = records.map((record) => ({ record, ...checkRecord(record, seen, cohorts) }));
  const emails = checked.filter((row) => row.errors.length === 0).map((row) => row.email);
  const people = new Map((await repository.findPeopleByEmail(db, emails)).map((person) => [person.email.toLowerCase(), person]));
  const invited = new Set(await repository.findPendingInvitationEmails(db, emails, now));
  return checked.map(({ record, email, errors }): RowPlan => {
    const cohort = record.cohort ? cohorts.get(record.cohort) : null;
    const role = record.role.toUpperCase() || null;
    const plan: RowPlan = { record, email, action: 'skip', errors, note: null, role: null, cohort: null, userId: null };
    if (errors.length > 0) return plan;
    const person = people.get(email);
    // Someone who registered but never verified their address may be invited (accepting completes the account).
    if (!person || (person.isActive && !person.verified)) {
      if (invited.has(email)) return { ...plan, note: 'Already has a pending invitation.' };
      return { ...plan, action: 'invite', role: role ?? DEFAULT_ROSTER_ROLE, cohort };
    }
    if (!person.isActive) return { ...plan, errors: ['This account is deactivated.'] };
    if (person.role === 'AD') return { ...plan, note: 'Administrators are left as they are.' };
    const raise = role !== null && (RANK[role] ?? 0) > (RANK[person.role] ?? 0) && !person.roleSetByHand ? role : null;
    const moveCohort = cohort !== null && cohort.id !== person.cohortId ? cohort : null;
    const changes = [raise ? `role ${person.role} → ${raise}` : null, moveCohort ? `cohort ${moveCohort.name}` : null].filter(Boolean);
    if (changes.length === 0) {
      const kept =
        role !== null && role !== person.role && person.roleSetByHand ? 'An administrator set their role by hand.' : 'Nothing to change.';
      return { ...plan, note: kept };
    }
    return { ...plan, action: 'update', role: raise, cohort: moveCohort, userId: person.id, note: changes.join(', ') };
  });
}

/** The counts key of a planned row. */
export const countKey = (plan: Pick<RowPlan, 'action' | 'errors'>): 'invite' | 'update' | 'skip' | 'error' =>
  plan.errors.length > 0 ? 'error' : plan.action;
