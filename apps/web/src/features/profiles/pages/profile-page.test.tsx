import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { cohortYearMessage, PROFILE_MESSAGES } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { ProfilePage } from './profile-page';

const me = buildUser({
  id: 5,
  first_name: 'Alex',
  last_name: 'Morgan',
  handle: 'alexm',
  bio: 'Mentor.',
  skills: 'React, TypeScript',
  phone: '+91 98765 43210',
  country_code: '+91',
  phone_number: '98765 43210',
});
const other = buildUser({ id: 6, first_name: 'Priya', last_name: 'Sharma', role: 'TR', skills: '' });

function renderProfile(path: string) {
  storeSession(me);
  return renderRoutes(
    [
      { path: '/user/profile', element: <ProfilePage /> },
      { path: '/user/profile/:userId', element: <ProfilePage /> },
      { path: '/user/messages', element: <p>Messages stub</p> },
    ],
    { path },
  );
}

describe('ProfilePage', () => {
  it('shows my own profile with Edit Profile and no Message button', async () => {
    server.use(http.get('/social/user-profiles/me/', () => HttpResponse.json(me)));
    renderProfile('/user/profile');
    expect(await screen.findByRole('heading', { name: 'Alex Morgan' })).toBeInTheDocument();
    expect(screen.getByText('@alexm')).toBeInTheDocument();
    expect(screen.getByText('Alumni')).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['React', 'TypeScript']);
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('treats my own id as my own profile', async () => {
    server.use(http.get('/social/user-profiles/me/', () => HttpResponse.json(me)));
    renderProfile('/user/profile/5');
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it("shows someone else's profile with Message (to their conversation) and no Edit Profile", async () => {
    server.use(
      http.get('/social/user-profiles/by-id/', ({ request }) =>
        new URL(request.url).searchParams.get('user_id') === '6'
          ? HttpResponse.json(other)
          : HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
      ),
    );
    const { user, router } = renderProfile('/user/profile/6');
    expect(await screen.findByRole('heading', { name: 'Priya Sharma' })).toBeInTheDocument();
    expect(screen.getByText('Trainee')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(await screen.findByText('Messages stub')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?user_id=6');
  });

  it("says 'Failed to load user data.' when the profile cannot be loaded", async () => {
    server.use(
      http.get('/social/user-profiles/by-id/', () => HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 })),
    );
    renderProfile('/user/profile/99');
    expect(await screen.findByText(PROFILE_MESSAGES.loadFailed)).toBeInTheDocument();
  });
});

describe('EditProfileDialog', () => {
  it('sends the non-empty fields and every career field as JSON and updates the stored user', { timeout: 20_000 }, async () => {
    const bodies: unknown[] = [];
    const updated = { ...me, bio: 'New bio', handle: 'alex2' };
    server.use(
      http.get('/social/user-profiles/me/', () => HttpResponse.json({ ...me, bio: '', skills: '' })),
      http.put('/social/user-profiles/update-me/', async ({ request }) => {
        expect(request.headers.get('Content-Type')).toContain('application/json');
        bodies.push(await request.json());
        return HttpResponse.json(updated);
      }),
    );
    const { user } = renderProfile('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByText('Letters and numbers only')).toBeInTheDocument();
    expect(within(dialog).getByText('Separate skills with commas')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Last name'));
    await user.clear(within(dialog).getByLabelText('Handle'));
    await user.type(within(dialog).getByLabelText('Handle'), 'alex2');
    await user.type(within(dialog).getByLabelText('Bio'), 'New bio');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Profile' })).not.toBeInTheDocument());
    const noCareer = { headline: '', company: '', job_title: '', location: '', cohort_year: '', open_to_referrals: false };
    expect(bodies).toEqual([
      { first_name: 'Alex', country_code: '+91', phone_number: '98765 43210', handle: 'alex2', bio: 'New bio', ...noCareer },
    ]);
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ bio: 'New bio', handle: 'alex2' });
    expect(await screen.findByText('New bio')).toBeInTheDocument();
  });

  it('sends multipart when a new picture is chosen', { timeout: 20_000 }, async () => {
    let contentType = '';
    let fields: string[] = [];
    server.use(
      http.get('/social/user-profiles/me/', () => HttpResponse.json(me)),
      http.put('/social/user-profiles/update-me/', async ({ request }) => {
        contentType = request.headers.get('Content-Type') ?? '';
        fields = [...(await request.formData()).keys()].sort();
        return HttpResponse.json(me);
      }),
    );
    const { user } = renderProfile('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await user.upload(
      within(dialog).getByLabelText('Profile picture'),
      new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(contentType).toContain('multipart/form-data'));
    expect(fields).toEqual([
      'bio',
      'cohort_year',
      'company',
      'country_code',
      'first_name',
      'handle',
      'headline',
      'image',
      'job_title',
      'last_name',
      'location',
      'open_to_referrals',
      'phone_number',
      'skills',
    ]);
  });

  it(
    'edits the career fields (the cohort year checked with the contract first) and shows them on the profile',
    { timeout: 30_000 },
    async () => {
      const bodies: Record<string, unknown>[] = [];
      server.use(
        http.get('/social/user-profiles/me/', () => HttpResponse.json(me)),
        http.put('/social/user-profiles/update-me/', async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>;
          bodies.push(body);
          return HttpResponse.json({
            ...me,
            headline: 'Frontend lead',
            company: 'Acme',
            job_title: 'Engineer',
            location: 'Pune',
            cohort_year: 2022,
            open_to_referrals: true,
          });
        }),
      );
      const { user } = renderProfile('/user/profile');
      await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
      await user.type(within(dialog).getByLabelText('Headline'), 'Frontend lead');
      await user.type(within(dialog).getByLabelText('Company'), 'Acme');
      await user.type(within(dialog).getByLabelText('Job title'), 'Engineer');
      await user.type(within(dialog).getByLabelText('Location'), 'Pune');
      const cohort = within(dialog).getByLabelText('Cohort year');
      await user.type(cohort, '1800');
      await user.click(within(dialog).getByRole('checkbox', { name: /Open to referrals/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(within(dialog).getByText(cohortYearMessage())).toBeInTheDocument();
      expect(cohort).toHaveAttribute('aria-invalid', 'true');
      expect(bodies).toEqual([]);

      await user.clear(cohort);
      await user.type(cohort, '2022');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Profile' })).not.toBeInTheDocument());
      expect(bodies[0]).toMatchObject({
        headline: 'Frontend lead',
        company: 'Acme',
        job_title: 'Engineer',
        location: 'Pune',
        cohort_year: '2022',
        open_to_referrals: true,
      });
      expect(await screen.findByText('Frontend lead')).toBeInTheDocument();
      expect(screen.getByText('Engineer at Acme')).toBeInTheDocument();
      expect(screen.getByText('Cohort 2022')).toBeInTheDocument();
      expect(screen.getByText('Open to referrals')).toBeInTheDocument();
    },
  );

  it('checks the handle before sending, and shows server field errors by field with the failure text', { timeout: 20_000 }, async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const put = vi.fn();
    server.use(
      http.get('/social/user-profiles/me/', () => HttpResponse.json(me)),
      http.put('/social/user-profiles/update-me/', () => {
        put();
        return HttpResponse.json({ handle: [PROFILE_MESSAGES.handleTaken] }, { status: 400 });
      }),
    );
    const { user } = renderProfile('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const handle = within(dialog).getByLabelText('Handle');
    await user.clear(handle);
    await user.type(handle, 'not ok!');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText(PROFILE_MESSAGES.handleFormat)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.clear(handle);
    await user.type(handle, 'taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(PROFILE_MESSAGES.handleTaken)).toBeInTheDocument();
    expect(within(dialog).getByText(PROFILE_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-invalid', 'true');
  });
});
