import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CompanyAlumnus, ReferralRequestStatus } from '@alumlink/contract';
import { buildJob, buildSummary, buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { CompanyAlumni } from './company-alumni';

const job = buildJob({ id: 9, title: 'Frontend Developer', company: 'Initech' });

function alumnus(id: number, firstName: string, offer: number | null, status: ReferralRequestStatus | null): CompanyAlumnus {
  return {
    ...buildSummary({ id, first_name: firstName, last_name: 'Doe' }),
    headline: `Engineer at Initech`,
    job_title: 'Engineer',
    open_referral_id: offer,
    my_request: status === null ? null : { id: 100 + id, status },
  };
}

/** The job's detail; after a request on offer 51 the server answers it as asked, as the real one does. */
function serveAlumni() {
  let asked = false;
  server.use(
    http.get(`/api/jobs/${job.id}/`, () =>
      HttpResponse.json({
        ...job,
        alumni_at_company: {
          count: 3,
          people: [
            alumnus(1, 'Ana', 51, asked ? 'requested' : null),
            alumnus(2, 'Ben', 52, 'interviewing'),
            alumnus(3, 'Cleo', 53, 'declined'),
          ],
        },
      }),
    ),
    http.post('/api/referrals/51/requests/', () => {
      asked = true;
      const person = { ...buildSummary({ id: 1, first_name: 'Ana', last_name: 'Doe' }), email: '' };
      return HttpResponse.json(
        {
          id: 101,
          status: 'requested',
          message: 'I am interested in the Frontend Developer opening at Initech.',
          resume_url: null,
          created_at: '2026-05-01T10:00:00.000Z',
          updated_at: '2026-05-01T10:00:00.000Z',
          referral: { id: 51, company: 'Initech', role: 'Frontend Developer', status: 'open', alumni: person },
          requester: { ...person, id: 5, headline: '', cohort_year: null },
          history: [],
        },
        { status: 201 },
      );
    }),
  );
}

describe('CompanyAlumni', () => {
  it('shows Asked and the status for an offer already asked on, Ask again after an ended request, and turns Ask into Asked', async () => {
    storeSession(buildUser({ role: 'TR' }));
    serveAlumni();
    const { user } = renderPage(<CompanyAlumni job={job} />, { path: '/user/jobs' });
    const list = await screen.findByRole('list', { name: 'Alumni at Initech' });
    const [ana, ben, cleo] = within(list).getAllByRole('listitem');

    // Ben: an active request; no button that would answer 409.
    expect(within(ben!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(ben!).getByText('Asked')).toBeInTheDocument();
    expect(within(ben!).getByText('Interviewing')).toBeInTheDocument();
    expect(within(ben!).getByRole('link', { name: 'Follow your request' })).toHaveAttribute('href', '/user/referrals');
    // Cleo declined: asking again is allowed, and the last answer is shown.
    expect(within(cleo!).getByRole('button', { name: 'Ask Cleo Doe again for a referral' })).toHaveTextContent('Ask again');
    expect(within(cleo!).getByText('Declined')).toBeInTheDocument();

    await user.click(within(ana!).getByRole('button', { name: 'Ask Ana Doe for a referral' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a referral' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(ana!).findByText('Asked')).toBeInTheDocument();
    expect(within(ana!).queryByRole('button')).not.toBeInTheDocument();
  });
});
