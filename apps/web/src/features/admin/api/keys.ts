/** Query keys of the admin portal; everything it caches lives under `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  posts: () => [...adminKeys.all, 'posts'] as const,
  users: (filters: { q: string; role: string }) => [...adminKeys.all, 'users', filters] as const,
  usersAll: () => [...adminKeys.all, 'users'] as const,
  auditLog: (action: string) => [...adminKeys.all, 'audit-log', action] as const,
  jobs: (status: string) => [...adminKeys.all, 'jobs', status] as const,
  jobsAll: () => [...adminKeys.all, 'jobs'] as const,
  referrals: () => [...adminKeys.all, 'referrals'] as const,
  mentoring: () => [...adminKeys.all, 'mentoring'] as const,
  outcomes: (filters: { from: string; to: string; cohort_year: string }) => [...adminKeys.all, 'outcomes', filters] as const,
  reports: (status: string) => [...adminKeys.all, 'reports', status] as const,
  reportsAll: () => [...adminKeys.all, 'reports'] as const,
  appeals: (status: string) => [...adminKeys.all, 'appeals', status] as const,
  appealsAll: () => [...adminKeys.all, 'appeals'] as const,
};
