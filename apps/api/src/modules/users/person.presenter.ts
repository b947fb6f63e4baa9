import { HIDDEN_EMAIL, type PrivateField, type User } from '@alumlink/contract';

// One projection of a person (DESIGN 7): wherever a person appears to someone else (profiles,
// the directory, search, mentors, referral boards, attendees, comments, notifications, socket
// payloads), each private field goes through this module, which reads the rules of
// settings/visibility.ts (profile visibility, per-field audience, connections). A presenter or
// repository never writes its own "case when visible then column" again.

/** Which private fields the reader may see. */
export type VisibleFields = Record<PrivateField, boolean>;

/** The summary with the e-mail hidden (HIDDEN_EMAIL): for payloads that go to people who may not see it. */
export function withoutEmail<Row extends { email: string }>(row: Row): Row {
  return { ...row, email: HIDDEN_EMAIL };
}

/** The user with the fields the reader may not see emptied (the e-mail as HIDDEN_EMAIL). */
export function hidePersonFields(user: User, visible: VisibleFields): User {
  const phone = visible.phone ? {} : { country_code: '', phone_number: '', phone: '' };
  return {
    ...user,
    ...phone,
    email: visible.email ? user.email : HIDDEN_EMAIL,
    company: visible.company ? user.company : '',
    location: visible.location ? user.location : '',
    cohort_year: visible.cohort_year ? user.cohort_year : null,
    skills: visible.skills ? user.skills : '',
  };
}
