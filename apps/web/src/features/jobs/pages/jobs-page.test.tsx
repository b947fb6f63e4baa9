import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { JOB_MESSAGES, type Job } from '@alumlink/contract';
import { buildJob, buildSummary, buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { JobsPage } from './jobs-page';

const jobs: Job[] = [
  buildJob({ title: 'Frontend Developer', type: 'Full-Time' }),
  buildJob({ title: 'Weekend Tutor', type: 'Part-Time', apply_url: 'mailto:tutor@example.com' }),
];

/** The board's API: filters by type and q like the server does, and records each query. */
function serveJobs(queries: string[] = []) {
  server.use(
    http.get('/api/jobs/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const type = params.get('type') ?? 'All';
      const q = (params.get('q') ?? '').toLowerCase();
      queries.push(`${type}|${q}`);
      const results = jobs.filter((job) => (type === 'All' || job.type === type) && job.title.toLowerCase().includes(q));
      return HttpResponse.json({ results, next: null });
    }),
    http.get('/api/jobs/:id/', ({ params }) => {
      const job = jobs.find((row) => row.id === Number(params.id));
      return HttpResponse.json({
        ...job,
        alumni_at_company: job === jobs[0] ? { count: 1, people: [alumnusAtInitech] } : { count: 0, people: [] },
      });
    }),
  );
  return queries;
}

const alumnusAtInitech = {
  ...buildSummary({ first_name: 'Noah', last_name: 'Nguyen' }),
  headline: 'Frontend lead at Initech',
  job_title: 'Frontend Lead',
  open_referral_id: 55,
  my_request: null,
};

describe('JobsPage', () => {
  it('filters by type on the server and shows the empty text when nothing matches', async () => {
    storeSession(buildUser({ role: 'TR' }));
    const queries = serveJobs();
    const { user } = renderPage(<JobsPage />, { path: '/user/jobs' });

    expect(await screen.findByRole('article', { name: 'Frontend Developer at Initech' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Weekend Tutor at Initech' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Part-Time' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Frontend Developer at Initech' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Weekend Tutor at Initech' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply: Weekend Tutor at Initech' })).toHaveAttribute('href', 'mailto:tutor@example.com');

    await user.click(screen.getByRole('button', { name: 'Contract' }));
    expect(await screen.findByText(JOB_MESSAGES.empty)).toBeInTheDocument();
    expect(JOB_MESSAGES.empty).toBe('No jobs found for selected filter.');
    expect(queries).toEqual(['All|', 'Part-Time|', 'Contract|']);
    // Trainees do not post jobs.
    expect(screen.queryByRole('button', { name: 'Post a job' })).not.toBeInTheDocument();
  });

  it('searches jobs once typing settles', async () => {
    storeSession(buildUser({ role: 'TR' }));
    const queries = serveJobs();
    const { user } = renderPage(<JobsPage />, { path: '/user/jobs' });
    await screen.findByRole('article', { name: 'Frontend Developer at Initech' });
    await user.type(screen.getByLabelText('Search jobs by title, company or location'), 'tutor');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Frontend Developer at Initech' })).not.toBeInTheDocument());
    expect(queries).toEqual(['All|', 'All|tutor']);
  });

  it('opens the details of a job with Apply', async () => {
    storeSession(buildUser({ role: 'IN' }));
    serveJobs();
    const { user } = renderPage(<JobsPage />, { path: '/user/jobs' });
    await user.click(await screen.findByRole('button', { name: 'View details: Frontend Developer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Frontend Developer' });
    expect(within(dialog).getByText('Build things.')).toBeInTheDocument();
    const apply = within(dialog).getByRole('link', { name: 'Apply: Frontend Developer at Initech' });
    expect(apply).toHaveAttribute('href', 'https://jobs.example.com/1');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    const alumni = await within(dialog).findByRole('list', { name: 'Alumni at Initech' });
    expect(within(alumni).getByText('Frontend lead at Initech')).toBeInTheDocument();
    await user.click(within(alumni).getByRole('button', { name: 'Ask Noah Nguyen for a referral' }));
    const ask = await screen.findByRole('dialog', { name: 'Ask for a referral' });
    expect(within(ask).getByLabelText('Message')).toHaveValue('I am interested in the Frontend Developer opening at Initech.');
  });

  it("lets an alumnus post a job, showing the server's field errors under their fields", async () => {
    storeSession(buildUser({ role: 'AL' }));
    serveJobs();
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/jobs/mine/', () => HttpResponse.json({ results: [], next: null })),
      http.post('/api/jobs/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ title: ['Ensure this field has no more than 200 characters.'] }, { status: 400 });
      }),
    );
    const { user } = renderPage(<JobsPage />, { path: '/user/jobs' });
    expect(await screen.findByText('You have not posted a job yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post a job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post a job' });
    await user.click(within(dialog).getByRole('button', { name: 'Post job' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(4);
    expect(bodies).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'QA Engineer');
    await user.type(within(dialog).getByLabelText('Company'), 'Hooli');
    await user.type(within(dialog).getByLabelText('Location'), 'Chennai');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Contract');
    await user.type(within(dialog).getByLabelText('Apply link or e-mail'), 'hr@hooli.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Post job' }));

    expect(await within(dialog).findByText('Ensure this field has no more than 200 characters.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([expect.objectContaining({ title: 'QA Engineer', type: 'Contract', apply_url: 'mailto:hr@hooli.example.com' })]);
  }, 15_000);

  it("shows 'Your job posts' below the board only once the board and the own jobs are in, so the board never pushes it down", async () => {
    storeSession(buildUser({ role: 'AL' }));
    let release: () => void = () => undefined;
    serveJobs();
    server.use(
      http.get('/api/jobs/mine/', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ results: [], next: null });
      }),
    );
    renderPage(<JobsPage />, { path: '/user/jobs' });
    expect(await screen.findByRole('article', { name: 'Frontend Developer at Initech' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your job posts' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Your job posts' })).toBeInTheDocument();
    expect(screen.getByText('You have not posted a job yet.')).toBeInTheDocument();
  });

  it('lets the author close their own job', async () => {
    storeSession(buildUser({ role: 'AL' }));
    const own = buildJob({ title: 'My Opening', can_edit: true });
    let closed = false;
    server.use(
      http.get('/api/jobs/', () => HttpResponse.json({ results: [], next: null })),
      http.get('/api/jobs/mine/', () => HttpResponse.json({ results: [{ ...own, status: closed ? 'closed' : 'open' }], next: null })),
      http.get(`/api/jobs/${own.id}/`, () => HttpResponse.json({ ...own, alumni_at_company: { count: 0, people: [] } })),
      http.post(`/api/jobs/${own.id}/close/`, () => {
        closed = true;
        return HttpResponse.json({ ...own, status: 'closed' });
      }),
    );
    const { user } = renderPage(<JobsPage />, { path: '/user/jobs' });
    await user.click(await screen.findByRole('button', { name: 'View details: My Opening' }));
    const dialog = await screen.findByRole('dialog', { name: 'My Opening' });
    await user.click(within(dialog).getByRole('button', { name: 'Close job' }));
    expect(await screen.findByText('Job closed.')).toBeInTheDocument();
    const mine = screen.getByRole('list', { name: 'Your job posts' });
    expect(await within(mine).findByText('Closed')).toBeInTheDocument();
    expect(closed).toBe(true);
  });
});
