import type { LeavePart } from '../../lib/leave';
import { deleteAttemptsFor } from './registration-attempts.repository';
import { announceSessionsEnded, endAllSessionsOf } from './session-tokens.service';

/**
 * Sign-in: every session ends at once (access tokens are refused from the commit on, open sockets
 * close after it); codes, sessions, known addresses and the sign-up attempts of their e-mail go.
 */
export const authLeave: LeavePart = {
  name: 'auth',
  tables: [
    { table: 'one_time_codes', column: 'user_id', rule: 'cascade', why: 'their codes are theirs alone' },
    { table: 'session_families', column: 'user_id', rule: 'removed', why: 'every sign-in is revoked first, then goes with them' },
    { table: 'refresh_sessions', column: 'user_id', rule: 'removed', why: 'every sign-in is revoked first, then goes with them' },
    { table: 'sso_handoffs', column: 'user_id', rule: 'cascade', why: 'single sign-on codes: secrets of theirs, a minute long' },
    { table: 'sign_in_addresses', column: 'user_id', rule: 'cascade', why: 'the addresses they signed in from are theirs alone' },
    { table: 'registration_attempts', column: 'email', rule: 'removed', why: 'their sign-up attempts hold their name and password hash' },
    {
      table: 'sign_in_throttles',
      column: 'account_key',
      rule: 'kept',
      why: 'an HMAC of an e-mail, not readable; it expires on its own and throttles the address whoever uses it',
    },
  ],
  async run(tx, leave, person) {
    await endAllSessionsOf(tx, person.id, leave.now);
    await deleteAttemptsFor(tx, person.email);
    return async () => announceSessionsEnded(leave.app, person.id);
  },
};
