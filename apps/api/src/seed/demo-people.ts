import type { Role } from '@alumlink/contract';
import { SAMPLE_CAREERS, SAMPLE_COMPANIES, SAMPLE_LOCATIONS } from './career-samples';

export type DemoPerson = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isStaff?: boolean;
  bio?: string;
  skills?: string;
  /** Career profile (DESIGN 8.1). */
  headline?: string;
  company?: string;
  jobTitle?: string;
  location?: string;
  cohortYear?: number | null;
  openToReferrals?: boolean;
};

/** The password of every demo account (documented in the README). */
export const DEMO_PASSWORD = 'alumlink-demo';

/** The four accounts to sign in with, one per role. */
export const DEMO_ACCOUNTS: DemoPerson[] = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'AD', isStaff: true, bio: 'Runs the AlumLink community.' },
  {
    email: 'alumni@example.com',
    firstName: 'Alex',
    lastName: 'Morgan',
    role: 'AL',
    bio: 'Senior front-end engineer and mentor. Happy to refer trainees.',
    skills: 'React, TypeScript, Accessibility',
    headline: 'Senior front-end engineer · mentor for the web track',
    company: 'Pixel Labs',
    jobTitle: 'Senior Frontend Engineer',
    location: 'Bengaluru',
    cohortYear: 2019,
    openToReferrals: true,
  },
  {
    email: 'trainee@example.com',
    firstName: 'Taylor',
    lastName: 'Reed',
    role: 'TR',
    bio: 'Learning full-stack development.',
    skills: 'JavaScript, HTML, CSS',
    headline: 'Full-stack trainee looking for a first developer role',
    location: 'Pune',
    cohortYear: 2026,
  },
  {
    email: 'intern@example.com',
    firstName: 'Imani',
    lastName: 'Clarke',
    role: 'IN',
    bio: 'Data intern.',
    skills: 'Python, SQL',
    headline: 'Data intern building dashboards',
    company: 'Insight Analytics',
    jobTitle: 'Data Analyst Intern',
    location: 'Hyderabad',
    cohortYear: 2025,
  },
];

const FIRST_NAMES = [
  'Priya',
  'Liam',
  'Sofia',
  'Noah',
  'Aisha',
  'Mateo',
  'Chen',
  'Olivia',
  'Kwame',
  'Elena',
  'Ravi',
  'Hana',
  'Lucas',
  'Fatima',
  'Jonas',
  'Mei',
  'Diego',
  'Amara',
  'Ethan',
  'Yara',
  'Arjun',
  'Zoe',
  'Tomás',
  'Ingrid',
  'Omar',
  'Nadia',
  'Kenji',
  'Grace',
  'Samuel',
  'Leila',
];
const LAST_NAMES = [
  'Sharma',
  'Okafor',
  'Rossi',
  'Nguyen',
  'Khan',
  'García',
  'Wei',
  'Johnson',
  'Mensah',
  'Petrova',
  'Iyer',
  'Sato',
  'Müller',
  'Haddad',
  'Berg',
  'Lin',
  'Fernández',
  'Adeyemi',
  'Brooks',
  'Saleh',
  'Patel',
  'Dubois',
  'Silva',
  'Larsen',
  'Farouk',
  'Novak',
  'Tanaka',
  'Owens',
  'Boateng',
  'Karimi',
];
/**
 * Varied career fields: alumni work at a handful of companies (several at the same ones, so the
 * directory's facets count more than one), interns intern somewhere, trainees are in a recent
 * cohort; about half the alumni welcome referral requests.
 */
const DEMO_HEADLINE_ENDINGS = ['happy to mentor new cohorts', 'ask me about interviews', 'hiring for my team', 'open to coffee chats'];

function demoCareer(index: number, role: Role): Partial<DemoPerson> {
  const career = SAMPLE_CAREERS[(index * 5) % SAMPLE_CAREERS.length] ?? SAMPLE_CAREERS[0];
  const location = SAMPLE_LOCATIONS[(index * 7) % 8] ?? 'Remote';
  const { skills } = career;
  if (role === 'TR')
    return {
      skills,
      location,
      cohortYear: 2025 + (index % 2),
      headline: `Trainee · learning ${career.skills.split(', ')[0] ?? 'to code'}`,
    };
  const company = SAMPLE_COMPANIES[(index * 5) % 16] ?? 'Pixel Labs';
  if (role === 'IN')
    return {
      skills,
      company,
      jobTitle: `${career.jobTitle} Intern`,
      location,
      cohortYear: 2024 + (index % 2),
      headline: `Learning ${career.skills.split(', ')[0] ?? 'the ropes'} on the job`,
    };
  return {
    skills,
    company,
    jobTitle: career.jobTitle,
    location,
    cohortYear: 2016 + (index % 8),
    openToReferrals: index % 2 === 0,
    headline: `${career.skills.split(', ').slice(0, 2).join(' & ')} · ${DEMO_HEADLINE_ENDINGS[index % DEMO_HEADLINE_ENDINGS.length] ?? ''}`,
  };
}

const ROLE_CYCLE: Role[] = ['AL', 'TR', 'IN', 'AL', 'TR'];

/** Thirty more people with varied names, roles and skills, so search and lists have content. */
export const DEMO_PEOPLE: DemoPerson[] = FIRST_NAMES.map((firstName, index) => {
  const lastName = LAST_NAMES[index] ?? 'Doe';
  const role = ROLE_CYCLE[index % ROLE_CYCLE.length] ?? 'TR';
  const slug = `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return {
    email: `${slug}@example.com`,
    firstName,
    lastName,
    role,
    bio: role === 'AL' ? 'Alumnus of the programme, now working in the industry.' : 'Currently in the programme.',
    ...demoCareer(index, role),
  };
});
