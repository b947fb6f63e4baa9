import type { ReferralRequestStatus } from '@alumlink/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { notifications, referralRequestEvents, referralRequests, referrals, users } from '../db/schema/index';
import type { SeedContext, SeedStep } from './seed-step';

const DAY = 24 * 3_600_000;

/**
 * Career fields the pipeline's screens need (the alumnus's company, requesters' cohorts, alumni
 * open to referrals at the demo jobs' companies). Set only where still empty, so the career
 * profile seed, where it sets them, wins.
 */
const CAREERS: Record<string, { company?: string; jobTitle?: string; headline?: string; cohortYear?: number; open?: boolean }> = {
  'noah.nguyen@example.com': {
    company: 'Pixel Labs',
    jobTitle: 'Frontend Lead',
    headline: 'Frontend lead at Pixel Labs',
    cohortYear: 2018,
    open: true,
  },
  'mateo.garcia@example.com': {
    company: 'Pixel Labs',
    jobTitle: 'Engineering Manager',
    headline: 'Engineering manager at Pixel Labs',
    cohortYear: 2017,
    open: true,
  },
  'kwame.mensah@example.com': {
    company: 'Studio North',
    jobTitle: 'Design Lead',
    headline: 'Design lead at Studio North',
    cohortYear: 2021,
    open: true,
  },
  'ravi.iyer@example.com': {
    company: 'Numbers Inc',
    jobTitle: 'Staff Engineer',
    headline: 'Payments backend at Numbers Inc',
    cohortYear: 2019,
    open: true,
  },
  'trainee@example.com': { cohortYear: 2025 },
  'intern@example.com': { cohortYear: 2026 },
  'liam.okafor@example.com': { cohortYear: 2024 },
  'sofia.rossi@example.com': { cohortYear: 2025 },
  'aisha.khan@example.com': { cohortYear: 2024 },
  'chen.wei@example.com': { cohortYear: 2024 },
  'olivia.johnson@example.com': { cohortYear: 2025 },
  'elena.petrova@example.com': { cohortYear: 2023 },
  'hana.sato@example.com': { cohortYear: 2025 },
  'jonas.berg@example.com': { cohortYear: 2024 },
};

type Step = [ReferralRequestStatus, number, string?];
type DemoRequest = { by: string; offer: 'alex' | 'priya'; daysAgo: number; message: string; resume?: string; steps: Step[] };

/** Requests in every state, with histories (days after the request, optional note). */
const DEMO_REQUESTS: DemoRequest[] = [
  {
    by: 'trainee@example.com',
    offer: 'alex',
    daysAgo: 14,
    message: 'Hi Alex! I finished the full-stack track and built an accessible React dashboard. Would you refer me?',
    resume: 'https://cv.example.com/taylor-reed.pdf',
    steps: [
      ['referred', 2, 'Sent your CV to the hiring manager.'],
      ['interviewing', 8, 'First round on Thursday. Good luck!'],
    ],
  },
  {
    by: 'intern@example.com',
    offer: 'alex',
    daysAgo: 1,
    message: 'Hello, I am a data intern moving towards software engineering. Could you refer me?',
    steps: [],
  },
  {
    by: 'hana.sato@example.com',
    offer: 'alex',
    daysAgo: 3,
    message: 'I love building UI with TypeScript. Happy to share my projects.',
    resume: 'https://cv.example.com/hana-sato.pdf',
    steps: [],
  },
  {
    by: 'sofia.rossi@example.com',
    offer: 'alex',
    daysAgo: 9,
    message: 'Could you refer me for the SE role? I have two years of Node.js.',
    steps: [['referred', 3, 'Referred. The recruiter will reach out.']],
  },
  {
    by: 'liam.okafor@example.com',
    offer: 'alex',
    daysAgo: 45,
    message: 'I would be grateful for a referral to the SE role.',
    resume: 'https://cv.example.com/liam-okafor.pdf',
    steps: [
      ['referred', 1],
      ['interviewing', 10],
      ['hired', 30, 'Offer accepted. Welcome aboard!'],
    ],
  },
  {
    by: 'aisha.khan@example.com',
    offer: 'alex',
    daysAgo: 20,
    message: 'Hi, I am interested in this role.',
    steps: [['declined', 2, 'This role needs more backend experience; try again in a few months.']],
  },
  {
    by: 'chen.wei@example.com',
    offer: 'alex',
    daysAgo: 38,
    message: 'Would you refer me? I have done DSA practice daily.',
    steps: [
      ['referred', 2],
      ['interviewing', 9],
      ['not_selected', 20, 'They went with a senior candidate. Keep going!'],
    ],
  },
  {
    by: 'olivia.johnson@example.com',
    offer: 'alex',
    daysAgo: 11,
    message: 'Could you refer me for this position?',
    steps: [['withdrawn', 4]],
  },
  {
    by: 'elena.petrova@example.com',
    offer: 'alex',
    daysAgo: 36,
    message: 'Hello! Referral for the SE role please.',
    steps: [['expired', 30]],
  },
  {
    by: 'jonas.berg@example.com',
    offer: 'priya',
    daysAgo: 30,
    message: 'I would like to be referred for the design role.',
    steps: [
      ['referred', 5],
      ['hired', 21, 'Hired!'],
    ],
  },
  {
    by: 'trainee@example.com',
    offer: 'priya',
    daysAgo: 6,
    message: 'I am learning Figma and would love to try design.',
    steps: [['referred', 1]],
  },
];

async function fillCareers(tx: Parameters<SeedStep['run']>[0], context: SeedContext): Promise<void> {
  for (const [email, career] of Object.entries(CAREERS)) {
    const id = context.userIds.get(email);
    if (id === undefined) continue;
    if (career.company !== undefined) {
      await tx
        .update(users)
        .set({
          company: career.company,
          jobTitle: career.jobTitle ?? '',
          headline: career.headline ?? '',
          openToReferrals: career.open ?? false,
        })
        .where(and(eq(users.id, id), eq(users.company, '')));
    }
    if (career.cohortYear !== undefined)
      await tx
        .update(users)
        .set({ cohortYear: career.cohortYear })
        .where(and(eq(users.id, id), isNull(users.cohortYear)));
  }
}

export const seedReferralPipeline: SeedStep = {
  name: 'referral-pipeline',
  async run(tx, context) {
    await fillCareers(tx, context);
    const alexId = context.userIds.get('alumni@example.com');
    const priyaId = context.userIds.get('priya.sharma@example.com');
    if (alexId === undefined || priyaId === undefined) return;
    const offers = await tx
      .select({ id: referrals.id, alumniId: referrals.alumniId, role: referrals.role, company: referrals.company })
      .from(referrals);
    const offerOf = {
      alex: offers.find((offer) => offer.alumniId === alexId),
      priya: offers.find((offer) => offer.alumniId === priyaId && offer.role === 'Product Designer'),
    };
    const ownerOf = { alex: alexId, priya: priyaId };
    const now = context.now.getTime();
    for (const demo of DEMO_REQUESTS) {
      const requesterId = context.userIds.get(demo.by);
      const found = offerOf[demo.offer];
      if (requesterId === undefined || !found) continue;
      const offer = { ...found, alumniId: ownerOf[demo.offer] };
      const createdAt = new Date(now - demo.daysAgo * DAY);
      const at = (days: number) => new Date(createdAt.getTime() + days * DAY);
      const last = demo.steps.at(-1);
      const referred = demo.steps.find(([status]) => status === 'referred');
      const [row] = await tx
        .insert(referralRequests)
        .values({
          referralId: offer.id,
          requesterId,
          message: demo.message,
          resumeUrl: demo.resume ?? null,
          status: last?.[0] ?? 'requested',
          createdAt,
          updatedAt: last ? at(last[1]) : createdAt,
          referredAt: referred ? at(referred[1]) : null,
        })
        .returning({ id: referralRequests.id });
      if (!row) continue;
      await tx.insert(referralRequestEvents).values([
        { requestId: row.id, status: 'requested', note: null, actorId: requesterId, createdAt },
        ...demo.steps.map(([status, days, note]) => ({
          requestId: row.id,
          status,
          note: note ?? null,
          // The requester withdraws; expiry is the system's; every other move is the offer's owner's.
          actorId: status === 'withdrawn' ? requesterId : status === 'expired' ? null : offer.alumniId,
          createdAt: at(days),
        })),
      ]);
      // The owner was told of each waiting request; requesters of the owner's last move.
      if (!last) {
        const text = `${await nameOf(tx, requesterId)} asked you for a referral for ${offer.role} at ${offer.company}.`;
        await tx
          .insert(notifications)
          .values({ userId: offer.alumniId, type: 'referral_requested', actorId: requesterId, text, createdAt });
      } else if (last[0] !== 'withdrawn' && last[0] !== 'expired') {
        await tx.insert(notifications).values({
          userId: requesterId,
          type: 'referral_status_changed',
          actorId: offer.alumniId,
          text: statusText(offer, last),
          createdAt: at(last[1]),
        });
      }
    }
  },
};

const LABELS: Partial<Record<ReferralRequestStatus, string>> = {
  referred: 'Referred',
  interviewing: 'Interviewing',
  hired: 'Hired',
  not_selected: 'Not selected',
  declined: 'Declined',
};

function statusText(offer: { role: string; company: string }, [status, , note]: Step): string {
  const base = `Your referral request for ${offer.role} at ${offer.company} is now: ${LABELS[status] ?? status}.`;
  return note ? `${base} Note: ${note}` : base;
}

async function nameOf(tx: Parameters<SeedStep['run']>[0], userId: number): Promise<string> {
  const [row] = await tx
    .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? 'Someone';
}
