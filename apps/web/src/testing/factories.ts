import type {
  AdminStats,
  AdminUser,
  AuditLogEntry,
  Comment,
  Community,
  Conversation,
  ConversationUser,
  Event,
  Job,
  Message,
  Post,
  Referral,
  User,
  UserSummary,
} from '@alumlink/contract';

/**
 * The one place web unit tests build what the server sends: each builder gives a complete,
 * valid object with a fresh id, and a test overrides only what it is about.
 */

let nextId = 1;
/** Other records count from here, clear of the signed-in users' small ids. */
let nextRecordId = 1000;

/** A page of a cursor-paged list, as every list endpoint answers. */
export function page<T>(results: T[], next: string | null = null): { results: T[]; next: string | null } {
  return { results, next };
}

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

/** An event card as the server sends it to someone not on its list (unlimited places). */
export function buildCommunity(overrides: Partial<Community> = {}): Community {
  const id = nextRecordId++;
  return {
    id,
    slug: `space-${id}`,
    name: `Space ${id}`,
    description: '',
    icon: 'users',
    members_count: 0,
    is_member: false,
    visibility: 'public',
    ...overrides,
  };
}

export function buildEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: 1,
    title: 'React Workshop',
    date: '2030-06-14T18:30:00.000Z',
    ends_at: '2030-06-14T20:00:00.000Z',
    time_zone: 'UTC',
    venue: 'Main Hall, 1 Campus Road',
    host: 'Ada Lovelace',
    category: 'Web Development',
    image: null,
    description: 'Hands-on hooks.',
    registrations_count: 0,
    registered: false,
    capacity: null,
    waitlist_count: 0,
    spots_left: null,
    my_status: null,
    waitlist_position: null,
    my_guests: null,
    checked_in_at: null,
    can_manage: false,
    ...overrides,
  };
}

export function buildSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    username: `member${id}`,
    email: `member${id}@example.com`,
    first_name: 'Grace',
    last_name: 'Hopper',
    handle: null,
    role: 'AL',
    image: null,
    profile: { profile_image: null },
    ...overrides,
  };
}

/** The summary the server puts on a signed-in person's own posts and comments. */
export function summaryOf(user: User): UserSummary {
  const { id, username, email, first_name, last_name, handle, role, image, profile } = user;
  return { id, username, email, first_name, last_name, handle, role, image, profile };
}

/** A post shared five minutes ago, with an image. */
export function buildPost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    user: buildSummary(),
    caption: `Caption of post ${id}`,
    image: `/media/posts/${id}.webp`,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    likes_count: 0,
    comments_count: 0,
    is_liked: false,
    has_liked: false,
    ...overrides,
  };
}

export function buildComment(postId: number, overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? nextRecordId++;
  return { id, post_id: postId, text: `Comment ${id}`, created_at: new Date().toISOString(), user: buildSummary(), ...overrides };
}

/** An open job someone else posted (the caller cannot edit it). */
export function buildJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    title: `Role ${id}`,
    company: 'Initech',
    location: 'Pune',
    salary: '10 LPA',
    type: 'Full-Time',
    description: 'Build things.',
    apply_url: 'https://jobs.example.com/1',
    status: 'open',
    created_at: '2026-01-10T09:00:00.000Z',
    posted_by: buildSummary({ first_name: 'Priya', last_name: 'Sharma' }),
    can_edit: false,
    ...overrides,
  };
}

export function buildReferral(overrides: Partial<Referral> = {}): Referral {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    company: 'Acme',
    role: 'Frontend Engineer',
    ctc: 12.5,
    location: 'Pune',
    requirements: 'React, TypeScript',
    status: 'open',
    created_at: '2025-06-01T10:00:00.000Z',
    alumni: { ...buildSummary({ first_name: 'Priya', last_name: 'Sharma' }), company: 'Acme' },
    my_request: null,
    ...overrides,
  };
}

export function buildConversationUser(overrides: Partial<ConversationUser> = {}): ConversationUser {
  const id = overrides.id ?? nextRecordId++;
  return { id, username: `member${id}`, first_name: 'Priya', last_name: 'Sharma', profile_image: null, ...overrides };
}

export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    other_user: buildConversationUser(),
    unread_count: 0,
    last_message: null,
    updated_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<Message> & { conversation_id: number; sender_id: number | null }): Message {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    content: `Message ${id}`,
    timestamp: new Date().toISOString(),
    sender: { id: overrides.sender_id },
    ...overrides,
  };
}

/** A person as the admin portal lists them. */
export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    username: `person${id}`,
    email: `person${id}@example.com`,
    first_name: 'Linus',
    last_name: 'Torvalds',
    role: 'TR',
    is_staff: false,
    is_active: true,
    date_joined: '2025-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    image: null,
    ...overrides,
  };
}

export function buildStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    users: { total: 1240, AD: 2, TR: 520, IN: 370, AL: 348 },
    posts: 900,
    referrals: { done: 120, pending: 45 },
    activity: Array.from({ length: 30 }, (_, index) => ({
      day: `2025-06-${String(index + 1).padStart(2, '0')}`,
      signups: index % 4,
      posts: index % 3,
    })),
    ...overrides,
  };
}

export function buildAuditEntry(overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    action: 'post.delete',
    actor: { id: 1, label: 'admin@example.com' },
    target: { type: 'post', id: 7, label: 'Post 7' },
    reason: 'Scam or fraud',
    details: {},
    created_at: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}
