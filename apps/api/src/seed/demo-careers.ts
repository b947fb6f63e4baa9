import type { JobType } from '@alumlink/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { communities, communityMembers, jobs, referrals } from '../db/schema/index';
import { DEMO_PEOPLE } from './demo-people';
import type { SeedContext, SeedStep } from './seed-step';

const HOUR = 3_600_000;

type DemoJob = {
  title: string;
  company: string;
  location: string;
  salary: string;
  type: JobType;
  description: string;
  applyUrl: string;
  by: string;
};

/** The job board: a few of each type, posted by the demo alumnus, the admin and another alumna. */
const DEMO_JOBS: DemoJob[] = [
  {
    title: 'Frontend Developer',
    company: 'Pixel Labs',
    location: 'Bengaluru',
    salary: '12-16 LPA',
    type: 'Full-Time',
    by: 'alumni@example.com',
    applyUrl: 'https://pixellabs.example.com/careers',
    description: 'Build accessible React interfaces with a small product team.',
  },
  {
    title: 'Backend Engineer (Node.js)',
    company: 'Numbers Inc',
    location: 'Remote',
    salary: '18-24 LPA',
    type: 'Full-Time',
    by: 'admin@example.com',
    applyUrl: 'mailto:hiring@numbers.example.com',
    description: 'Design APIs and PostgreSQL schemas for a payments platform.',
  },
  {
    title: 'UI/UX Designer',
    company: 'Studio North',
    location: 'Pune',
    salary: '10-14 LPA',
    type: 'Full-Time',
    by: 'priya.sharma@example.com',
    applyUrl: 'https://studionorth.example.com/jobs/designer',
    description: 'Own the design system and run usability studies.',
  },
  {
    title: 'Content Marketing Associate',
    company: 'GrowthWorks',
    location: 'Mumbai',
    salary: '₹35,000 / month',
    type: 'Part-Time',
    by: 'alumni@example.com',
    applyUrl: 'mailto:jobs@growthworks.example.com',
    description: 'Write blog posts and newsletters, 20 hours a week.',
  },
  {
    title: 'Data Analyst Intern',
    company: 'Insight Analytics',
    location: 'Hyderabad',
    salary: '₹25,000 / month',
    type: 'Part-Time',
    by: 'admin@example.com',
    applyUrl: 'https://insight.example.com/internships',
    description: 'SQL, dashboards and weekly reports for the growth team.',
  },
  {
    title: 'Cloud Infrastructure Consultant',
    company: 'SkyOps',
    location: 'Remote',
    salary: '₹2,500 / hour',
    type: 'Contract',
    by: 'priya.sharma@example.com',
    applyUrl: 'https://skyops.example.com/contract',
    description: 'Six-month engagement migrating services to Kubernetes.',
  },
  {
    title: 'Mobile App Developer (Flutter)',
    company: 'AppForge',
    location: 'Chennai',
    salary: '8 LPA (12 months)',
    type: 'Contract',
    by: 'alumni@example.com',
    applyUrl: 'mailto:talent@appforge.example.com',
    description: 'Ship a cross-platform app for a retail client.',
  },
];

/**
 * The specification's two sample referrals: one by the demo alumnus, one by another alumna, each
 * at the company of their career profile (an alumnus refers where they work; the seed's story test
 * checks it for every offer).
 */
const DEMO_REFERRALS = [
  {
    by: 'alumni@example.com',
    company: 'Pixel Labs',
    role: 'Software Engineer',
    ctc: '24.0',
    location: 'Bengaluru',
    requirements: 'B.Tech/B.E. in CS or related; strong data structures and algorithms; 0-2 years of experience.',
  },
  {
    by: 'priya.sharma@example.com',
    company: 'Pixel Labs',
    role: 'Product Designer',
    ctc: '18.5',
    location: 'Bengaluru',
    requirements: 'A portfolio of shipped work; Figma; user research experience.',
  },
];

/**
 * An open offer at the company of each demo job where an alumnus works (the job page's "Ask for a
 * referral" then leads to it), by the first alumnus there who has no sample offer there yet, for
 * the job's role; older than the two samples above, which stay first on their boards.
 */
const JOB_COMPANY_REFERRALS = DEMO_JOBS.flatMap((job) => {
  const alumnus = DEMO_PEOPLE.find((person) => person.role === 'AL' && person.company === job.company);
  if (!alumnus) return [];
  if (DEMO_REFERRALS.some((sample) => sample.by === alumnus.email && sample.company === job.company)) return [];
  return [
    {
      by: alumnus.email,
      company: job.company,
      role: job.title,
      ctc: '9.0',
      location: job.location,
      requirements: `I work at ${job.company} as ${alumnus.jobTitle ?? 'an engineer'}; send me your CV and a line on why this role.`,
    },
  ];
});

/** Who belongs to which community in the demo. */
const DEMO_MEMBERSHIPS: Record<string, string[]> = {
  'web-development': ['alumni@example.com', 'trainee@example.com', 'priya.sharma@example.com', 'noah.nguyen@example.com'],
  'data-science': ['intern@example.com', 'priya.sharma@example.com'],
  'career-growth': ['alumni@example.com', 'trainee@example.com', 'intern@example.com'],
  'ui-ux-design': ['priya.sharma@example.com'],
  'cloud-devops': ['noah.nguyen@example.com', 'kwame.mensah@example.com'],
  marketing: ['mateo.garcia@example.com', 'intern@example.com'],
  'business-communication': ['fatima.haddad@example.com', 'trainee@example.com'],
  'mobile-development': ['trainee@example.com', 'priya.sharma@example.com'],
};

function authorOf(context: SeedContext, email: string): number | undefined {
  return context.userIds.get(email) ?? context.userIds.get('admin@example.com');
}

export const seedJobs: SeedStep = {
  name: 'jobs',
  async run(tx, context) {
    const rows = DEMO_JOBS.flatMap(({ by, ...job }, index) => {
      const postedBy = authorOf(context, by);
      if (postedBy === undefined) return [];
      const createdAt = new Date(context.now.getTime() - (index + 1) * 5 * HOUR);
      return [{ ...job, postedBy, createdAt, updatedAt: createdAt }];
    });
    if (rows.length > 0) await tx.insert(jobs).values(rows);
  },
};

export const seedReferrals: SeedStep = {
  name: 'referrals',
  async run(tx, context) {
    const rows = [...DEMO_REFERRALS, ...JOB_COMPANY_REFERRALS].flatMap(({ by, ...referral }, index) => {
      const alumniId = context.userIds.get(by);
      if (alumniId === undefined) return [];
      const createdAt = new Date(context.now.getTime() - (index + 1) * 24 * HOUR);
      return [{ ...referral, alumniId, createdAt, updatedAt: createdAt }];
    });
    if (rows.length > 0) await tx.insert(referrals).values(rows);
  },
};

export const seedMemberships: SeedStep = {
  name: 'memberships',
  async run(tx, context) {
    const hubs = await tx
      .select({ id: communities.id, slug: communities.slug })
      .from(communities)
      .where(inArray(communities.slug, Object.keys(DEMO_MEMBERSHIPS)));
    const rows = hubs.flatMap((hub) =>
      (DEMO_MEMBERSHIPS[hub.slug] ?? []).flatMap((email) => {
        const userId = context.userIds.get(email);
        return userId === undefined ? [] : [{ communityId: hub.id, userId }];
      }),
    );
    if (rows.length === 0) return;
    await tx.insert(communityMembers).values(rows).onConflictDoNothing();
    // Counters recomputed from the rows, so they can never disagree.
    for (const hub of hubs) {
      await tx
        .update(communities)
        .set({ membersCount: sql`(select count(*) from ${communityMembers} where ${communityMembers.communityId} = ${hub.id})::int` })
        .where(eq(communities.id, hub.id));
    }
  },
};
