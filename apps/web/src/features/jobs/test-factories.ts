import type { Job, UserSummary } from '@alumlink/contract';

let nextId = 7000;

export function buildPoster(overrides: Partial<UserSummary> = {}): UserSummary {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: `poster${id}`,
    email: `poster${id}@example.com`,
    first_name: 'Priya',
    last_name: 'Sharma',
    handle: null,
    role: 'AL',
    image: null,
    profile: { profile_image: null },
    ...overrides,
  };
}

export function buildJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? nextId++;
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
    posted_by: buildPoster(),
    can_edit: false,
    ...overrides,
  };
}
