import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Job } from '@alumlink/contract';
import { buildJob, buildUser, page, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { JOBS_ADMIN_MESSAGES, JobsAdminPage } from './jobs-admin-page';

function renderJobs() {
  storeSession(buildUser({ id: 1, role: 'AD', is_staff: true }));
  return renderPage(<JobsAdminPage />, { path: '/admin/jobs' });
}

describe('JobsAdminPage', () => {
  it('lists open and closed jobs and filters by status on the server', async () => {
    const statuses: string[] = [];
    server.use(
      http.get('/api/admin/jobs/', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status') ?? '';
        statuses.push(status);
        const jobs = [buildJob({ title: 'Open role' }), buildJob({ title: 'Old role', status: 'closed' })];
        return HttpResponse.json(page(status ? jobs.filter((job) => job.status === status) : jobs));
      }),
    );
    const { user } = renderJobs();
    expect(screen.getByText(JOBS_ADMIN_MESSAGES.loading)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Open role' })).toHaveTextContent('Open');
    expect(screen.getByRole('article', { name: 'Old role' })).toHaveTextContent('Closed');
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Open role' })).not.toBeInTheDocument());
    expect(statuses).toEqual(['', 'closed']);
  });

  it('creates a job through the dialog, with the e-mail sent as mailto', async () => {
    const jobs: Job[] = [];
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get('/api/admin/jobs/', () => HttpResponse.json(page(jobs))),
      http.post('/api/jobs/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        const job = buildJob({ title: String(body.title) });
        jobs.unshift(job);
        return HttpResponse.json(job, { status: 201 });
      }),
    );
    const { user } = renderJobs();
    expect(await screen.findByText(JOBS_ADMIN_MESSAGES.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create job' });
    await user.click(within(dialog).getByRole('button', { name: 'Create job' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(4);

    await user.type(within(dialog).getByLabelText('Title'), 'QA Engineer');
    await user.type(within(dialog).getByLabelText('Company'), 'Hooli');
    await user.type(within(dialog).getByLabelText('Location'), 'Chennai');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Contract');
    await user.type(within(dialog).getByLabelText('Apply link or e-mail'), 'hr@hooli.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create job' }));
    expect(await screen.findByRole('article', { name: 'QA Engineer' })).toBeInTheDocument();
    expect(body).toMatchObject({
      title: 'QA Engineer',
      company: 'Hooli',
      location: 'Chennai',
      type: 'Contract',
      apply_url: 'mailto:hr@hooli.example.com',
    });
  });

  it('edits and closes a job', async () => {
    let job = buildJob({ title: 'Backend role' });
    const requests: string[] = [];
    server.use(
      http.get('/api/admin/jobs/', () => HttpResponse.json(page([job]))),
      http.patch(`/api/jobs/${job.id}/`, async ({ request }) => {
        const body = (await request.json()) as { title: string };
        requests.push(`patch ${body.title}`);
        job = { ...job, title: body.title };
        return HttpResponse.json(job);
      }),
      http.post(`/api/jobs/${job.id}/close/`, () => {
        requests.push('close');
        job = { ...job, status: 'closed' };
        return HttpResponse.json(job);
      }),
    );
    const { user } = renderJobs();
    await user.click(await screen.findByRole('button', { name: 'Edit Backend role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit job' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue('Backend role');
    await user.clear(title);
    await user.type(title, 'Platform role');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('article', { name: 'Platform role' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close Platform role' }));
    expect(await screen.findByRole('button', { name: 'Reopen Platform role' })).toBeInTheDocument();
    expect(requests).toEqual(['patch Platform role', 'close']);
  });
});
