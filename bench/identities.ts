import type { Role } from '@alumlink/contract';
import { FIRST_NAMES, LAST_NAMES } from './names';
import type { Scale } from './options';

/**
 * The loader numbers everything deterministically, so the runner knows who is who without
 * reading the database: person 1 is the administrator, people 2..2001 are the "chatters" who
 * hold every conversation, every person's id maps to a name, role and e-mail.
 */
export const ADMIN_ID = 1;
export const ADMIN_EMAIL = 'bench-admin@bench.test';
/** Everyone's password (one argon2id hash computed once per load). */
export const BENCH_PASSWORD = 'bench-password-2024';

export const FIRST_CHATTER_ID = 2;
/** Chatters form this many pairs per round: conversation c of round 0 is (2 + i, 1002 + i). */
export const CHATTER_PAIRS = 1_000;
export const CHATTERS = CHATTER_PAIRS * 2;
/** Step between the partners of successive rounds (coprime with CHATTER_PAIRS: pairs stay distinct). */
export const ROUND_STEP = 37;

export function firstNameOf(id: number): string {
  return FIRST_NAMES[id % FIRST_NAMES.length] ?? '';
}

export function lastNameOf(id: number): string {
  return LAST_NAMES[Math.floor(id / FIRST_NAMES.length) % LAST_NAMES.length] ?? '';
}

export function emailOf(id: number): string {
  if (id === ADMIN_ID) return ADMIN_EMAIL;
  return `${firstNameOf(id).toLowerCase()}.${lastNameOf(id).toLowerCase()}.${id}@bench.test`;
}

export function roleOf(id: number): Role {
  if (id === ADMIN_ID) return 'AD';
  const digit = id % 10;
  return digit < 5 ? 'AL' : digit < 8 ? 'TR' : 'IN';
}

export function conversationCount(scale: Scale): number {
  return CHATTER_PAIRS * scale.conversationRounds;
}

/** The two people of conversation `id` (1-based). */
export function conversationPair(id: number): { a: number; b: number } {
  const index = (id - 1) % CHATTER_PAIRS;
  const round = Math.floor((id - 1) / CHATTER_PAIRS);
  return {
    a: FIRST_CHATTER_ID + index,
    b: FIRST_CHATTER_ID + CHATTER_PAIRS + ((index + ROUND_STEP * round) % CHATTER_PAIRS),
  };
}

/** SQL twins of the functions above, for the set-based loader (`g` is the row number). */
export const SQL_MAPPINGS = {
  firstName: (g: string, list: string) => `(${list})[1 + ${g} % ${FIRST_NAMES.length}]`,
  lastName: (g: string, list: string) => `(${list})[1 + (${g} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`,
  role: (g: string) => `CASE WHEN ${g} = ${ADMIN_ID} THEN 'AD' WHEN ${g} % 10 < 5 THEN 'AL' WHEN ${g} % 10 < 8 THEN 'TR' ELSE 'IN' END`,
  pairA: (c: string) => `(${FIRST_CHATTER_ID} + (${c} - 1) % ${CHATTER_PAIRS})`,
  pairB: (c: string) =>
    `(${FIRST_CHATTER_ID + CHATTER_PAIRS} + ((${c} - 1) % ${CHATTER_PAIRS} + ${ROUND_STEP} * ((${c} - 1) / ${CHATTER_PAIRS})) % ${CHATTER_PAIRS})`,
} as const;
