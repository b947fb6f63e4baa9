import type { User } from '@alumlink/contract';

let nextId = 1;

export function buildUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: `member${id}`,
    email: `member${id}@example.com`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'AL',
    is_staff: false,
    handle: null,
    bio: '',
    skills: '',
    image: null,
    country_code: '',
    phone_number: '',
    phone: '',
    profile: { profile_image: null },
    headline: '',
    company: '',
    job_title: '',
    location: '',
    cohort_year: null,
    open_to_referrals: false,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Puts a signed-in session in local storage, as sign-in does. */
export function storeSession(user: User, tokens = { access: 'access-1', refresh: 'refresh-1' }): void {
  window.localStorage.setItem('access_token', tokens.access);
  window.localStorage.setItem('refresh_token', tokens.refresh);
  window.localStorage.setItem('user', JSON.stringify(user));
  window.localStorage.setItem('user_id', String(user.id));
}
