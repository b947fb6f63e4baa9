import type { AppContext, UnitOfWork } from '../app-context';
import type { Executor } from '../db/client';
import type { UserRow } from '../db/schema/index';

/**
 * One leave step (DESIGN 7, "when a person leaves"): self deletion and the admin deletion run every
 * module's part in one transaction, then delete the person's row, then run what each part left for
 * after the commit. A part lives beside the module that holds the data (`<module>.leave.ts`), and
 * the account module lists them all (modules/account/leave-parts.ts).
 */

/** How the person left: they asked, or an administrator deleted them. */
export type LeaveBy = 'self' | 'admin';

/**
 * What a part is given besides the transaction and the person; `work` is the leave's unit of work
 * (notify and queue mail through it: both happen once the leave committed).
 */
export type LeaveContext = { app: AppContext; work: UnitOfWork; by: LeaveBy; now: Date };

/** Work that must wait for the commit (sockets, files): it never runs if the leave rolls back. */
export type AfterLeave = () => Promise<void>;

/**
 * What happens to the rows of one table that refer to the leaving person through `column`:
 * - `kept`: the rows stay for other people; the part rewrites them first (counters, statuses) and
 *   the reference becomes null when the row goes (`on delete set null`);
 * - `removed`: the part deletes them itself (others' counters or queues follow);
 * - `cascade`: the rows are the person's own and go with their row (`on delete cascade`), nothing else
 *   depends on them.
 * `why` says it in a sentence (docs/security.md, "Deleting a person", says the same).
 */
export type LeaveRule = {
  table: string;
  column: string;
  rule: 'kept' | 'removed' | 'cascade';
  why: string;
};

/** A column as `table.column`, the form the data-export sections use too. */
export type ColumnName = `${string}.${string}`;

function leaveRule(rule: LeaveRule['rule'], at: ColumnName, why: string): LeaveRule {
  const [table = '', column = ''] = at.split('.');
  return { table, column, rule, why };
}

/** The rows stay for other people, the reference null once the person's row goes. */
export const kept = (at: ColumnName, why: string): LeaveRule => leaveRule('kept', at, why);
/** The part deletes the rows itself. */
export const removed = (at: ColumnName, why: string): LeaveRule => leaveRule('removed', at, why);
/** The rows are the person's own and go with their row. */
export const cascade = (at: ColumnName, why: string): LeaveRule => leaveRule('cascade', at, why);

/** One module's part of the leave step. */
export type LeavePart = {
  /** The module, in messages. */
  name: string;
  /** Every table (and column) referring to a person that this part answers for: the coverage test holds the schema to it. */
  tables: LeaveRule[];
  /** Runs in the leave's transaction, the person's row locked (FOR UPDATE); may return work for after the commit. */
  run(tx: Executor, leave: LeaveContext, person: UserRow): Promise<AfterLeave | void>;
};
