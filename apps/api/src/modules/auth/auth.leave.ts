import { cascade, kept, removed, type LeavePart } from '../../lib/leave';
import { deleteAttemptsFor } from './registration-attempts.repository';
import { announceSessionsEnded, endAllSessionsOf } from './session-tokens.service';

/**
 * Sign-in: every session ends at once (access tokens are refused from the commit on, open sockets
 * close after it); codes, sessions, known addresses and the sign-up attempts of their e-mail go.
 */
export const authLeave: LeavePart = {
  name: 'auth',
  tables: [
    cascade('one_time_codes.user_id', 'their codes are theirs alone'),
    removed('session_families.user_id', 'every sign-in is revoked first, then goes with them'),
    removed('refresh_sessions.user_id', 'every sign-in is revoked first, then goes with them'),
    cascade('sso_handoffs.user_id', 'single sign-on codes: secrets of theirs, a minute long'),
    cascade('sign_in_addresses.user_id', 'the addresses they signed in from are theirs alone'),
    removed('registration_attempts.email', 'their sign-up attempts hold their name and password hash'),
    kept(
      'sign_in_throttles.account_key',
      'an HMAC of an e-mail, not readable; it expires on its own and throttles the address whoever uses it',
    ),
  ],
  async run(tx, leave, person) {
    await endAllSessionsOf(tx, person.id, leave.now);
    await deleteAttemptsFor(tx, person.email);
    return async () => announceSessionsEnded(leave.app, person.id);
  },
};
