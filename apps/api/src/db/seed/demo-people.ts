import type { Role } from '@alumlink/contract';

export type DemoPerson = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isStaff?: boolean;
  bio?: string;
  skills?: string;
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
  },
  {
    email: 'trainee@example.com',
    firstName: 'Taylor',
    lastName: 'Reed',
    role: 'TR',
    bio: 'Learning full-stack development.',
    skills: 'JavaScript, HTML, CSS',
  },
  { email: 'intern@example.com', firstName: 'Imani', lastName: 'Clarke', role: 'IN', bio: 'Data intern.', skills: 'Python, SQL' },
];

const FIRST_NAMES = [
  'Priya', 'Liam', 'Sofia', 'Noah', 'Aisha', 'Mateo', 'Chen', 'Olivia', 'Kwame', 'Elena',
  'Ravi', 'Hana', 'Lucas', 'Fatima', 'Jonas', 'Mei', 'Diego', 'Amara', 'Ethan', 'Yara',
  'Arjun', 'Zoe', 'Tomás', 'Ingrid', 'Omar', 'Nadia', 'Kenji', 'Grace', 'Samuel', 'Leila',
];
const LAST_NAMES = [
  'Sharma', 'Okafor', 'Rossi', 'Nguyen', 'Khan', 'García', 'Wei', 'Johnson', 'Mensah', 'Petrova',
  'Iyer', 'Sato', 'Müller', 'Haddad', 'Berg', 'Lin', 'Fernández', 'Adeyemi', 'Brooks', 'Saleh',
  'Patel', 'Dubois', 'Silva', 'Larsen', 'Farouk', 'Novak', 'Tanaka', 'Owens', 'Boateng', 'Karimi',
];
const SKILL_SETS = [
  'React, Node.js, PostgreSQL',
  'Figma, User Research, Prototyping',
  'Python, Pandas, Machine Learning',
  'AWS, Docker, Terraform',
  'SEO, Content Strategy, Analytics',
  'Public Speaking, Writing',
  'Kotlin, Swift, Flutter',
  'Java, Spring Boot, Microservices',
];
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
    skills: SKILL_SETS[index % SKILL_SETS.length] ?? '',
  };
});
