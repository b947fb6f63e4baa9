import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DirectoryFacets, DirectoryPerson } from '@alumlink/contract';
import { buildUser, storeSession } from '@/testing/factories';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { DirectoryPage } from './directory-page';

function person(overrides: Partial<DirectoryPerson> = {}): DirectoryPerson {
  return {
    id: 7,
    username: 'ada',
    first_name: 'Ada',
    last_name: 'Okafor',
    role: 'AL',
    image: null,
    headline: 'Frontend lead',
    company: 'Acme',
    job_title: 'Engineer',
    location: 'Pune',
    cohort_year: 2022,
    skills: ['React', 'TypeScript'],
    open_to_referrals: true,
    ...overrides,
  };
}

const FACETS: DirectoryFacets = {
  role: [
    { value: 'AL', count: 12 },
    { value: 'TR', count: 4 },
  ],
  cohort_year: [{ value: 2022, count: 5 }],
  company: [
    { value: 'Acme', count: 3 },
    { value: 'Globex', count: 2 },
  ],
  skill: [{ value: 'React', count: 6 }],
  location: [{ value: 'Pune', count: 9 }],
};

type Handlers = { pages?: (url: URL) => Response | Promise<Response>; facets?: (url: URL) => Response };

function renderDirectory(path: string, { pages, facets }: Handlers = {}) {
  storeSession(buildUser());
  const pageRequests: URL[] = [];
  const facetRequests: URL[] = [];
  server.use(
    http.get('/api/directory/', ({ request }) => {
      const url = new URL(request.url);
      pageRequests.push(url);
      return pages ? pages(url) : HttpResponse.json({ results: [person()], next: null });
    }),
    http.get('/api/directory/facets/', ({ request }) => {
      const url = new URL(request.url);
      facetRequests.push(url);
      return facets ? facets(url) : HttpResponse.json(FACETS);
    }),
  );
  const view = renderRoutes(
    [
      { path: '/user/people', element: <DirectoryPage /> },
      { path: '/user/profile/:userId', element: <p>Stub profile page</p> },
    ],
    { path },
  );
  return { ...view, pageRequests, facetRequests };
}

describe('DirectoryPage', () => {
  it('reads the filters from the URL, asks for them, and shows cards with the career fields', async () => {
    const { pageRequests, facetRequests } = renderDirectory('/user/people?company=Acme&cohort_year=2022');
    expect(screen.getByRole('status', { name: 'Loading people' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Ada Okafor' })).closest('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('Frontend lead')).toBeInTheDocument();
    expect(within(card).getByText('Engineer at Acme')).toBeInTheDocument();
    expect(within(card).getByText('Pune')).toBeInTheDocument();
    expect(within(card).getByText('Cohort 2022')).toBeInTheDocument();
    expect(within(card).getByText('Open to referrals')).toBeInTheDocument();
    expect(within(card).getByText('React')).toBeInTheDocument();
    expect(pageRequests[0]?.searchParams.get('company')).toBe('Acme');
    expect(pageRequests[0]?.searchParams.get('cohort_year')).toBe('2022');
    expect(facetRequests[0]?.searchParams.get('company')).toBe('Acme');
    // The sidebar's controls show the chosen values and the facet counts.
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    await waitFor(() => expect(within(sidebar).getByRole('option', { name: 'Globex (2)' })).toBeInTheDocument());
    expect(within(sidebar).getByLabelText('Company')).toHaveValue('Acme');
    expect(within(sidebar).getByLabelText('Cohort year')).toHaveValue('2022');
    expect(within(sidebar).getByRole('option', { name: 'Alumni (12)' })).toBeInTheDocument();
  });

  it('a chosen filter goes into the URL (a new history entry) and back restores the previous results', async () => {
    const { user, router, pageRequests } = renderDirectory('/user/people', {
      pages: (url) => HttpResponse.json({ results: [person({ company: url.searchParams.get('company') ?? 'Acme' })], next: null }),
    });
    await screen.findByRole('link', { name: 'Ada Okafor' });
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    await waitFor(() => expect(within(sidebar).getByRole('option', { name: 'Globex (2)' })).toBeInTheDocument());
    await user.selectOptions(within(sidebar).getByLabelText('Company'), 'Globex');
    expect(router.state.location.search).toBe('?company=Globex');
    expect(await screen.findByText('Engineer at Globex')).toBeInTheDocument();
    expect(pageRequests.at(-1)?.searchParams.get('company')).toBe('Globex');
    await user.click(within(sidebar).getByLabelText('Open to referrals'));
    expect(router.state.location.search).toBe('?company=Globex&open_to_referrals=true');
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?company=Globex'));
    await waitFor(() => expect(within(sidebar).getByLabelText('Open to referrals')).not.toBeChecked());
    await router.navigate(-1);
    expect(await screen.findByText('Engineer at Acme')).toBeInTheDocument();
    expect(within(sidebar).getByLabelText('Company')).toHaveValue('');
  });

  it('takes a typed company, skill or location beside the top values (whole value, applied on Enter)', async () => {
    const { user, router, pageRequests } = renderDirectory('/user/people');
    await screen.findByRole('link', { name: 'Ada Okafor' });
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    await user.type(within(sidebar).getByRole('textbox', { name: 'Another company' }), '  Initech {Enter}');
    expect(router.state.location.search).toBe('?company=Initech');
    await waitFor(() => expect(pageRequests.at(-1)?.searchParams.get('company')).toBe('Initech'));
    // The typed value is now the chosen one in the list too.
    expect(within(sidebar).getByLabelText('Company')).toHaveValue('Initech');
    await user.type(within(sidebar).getByRole('textbox', { name: 'Another skill' }), 'Rust{Enter}');
    expect(router.state.location.search).toBe('?company=Initech&skill=Rust');
  });

  it('the name box waits for typing to settle, then searches and writes q into the URL', async () => {
    const { user, router, pageRequests } = renderDirectory('/user/people');
    await screen.findByRole('link', { name: 'Ada Okafor' });
    await user.type(screen.getByLabelText('Search people by name'), 'ada ok');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ada+ok'));
    await waitFor(() => expect(pageRequests.at(-1)?.searchParams.get('q')).toBe('ada ok'));
    // One request for the settled text, none per key.
    expect(pageRequests.filter((url) => url.searchParams.has('q'))).toHaveLength(1);
  });

  it('loads the next page with the cursor', async () => {
    renderDirectory('/user/people', {
      pages: (url) =>
        url.searchParams.get('cursor') === 'c2'
          ? HttpResponse.json({ results: [person({ id: 8, first_name: 'Ben', last_name: 'Eze' })], next: null })
          : HttpResponse.json({ results: [person()], next: 'c2' }),
    });
    const { user } = { user: (await import('@testing-library/user-event')).default.setup() };
    await user.click(await screen.findByRole('button', { name: 'Show more people' }));
    expect(await screen.findByRole('link', { name: 'Ben Eze' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Okafor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more people' })).not.toBeInTheDocument();
  });

  it('shows the empty state, and the error state with a working Reload', async () => {
    let fail = true;
    renderDirectory('/user/people?skill=Cobol', {
      pages: () =>
        fail
          ? HttpResponse.json({ detail: 'boom', code: 'server_error' }, { status: 500 })
          : HttpResponse.json({ results: [], next: null }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the directory.');
    fail = false;
    await (await import('@testing-library/user-event')).default.setup().click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('No people match these filters.')).toBeInTheDocument();
  });

  it('opens the filters in a dialog on phones; a card opens the profile', async () => {
    const { user, router } = renderDirectory('/user/people');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'AL');
    expect(router.state.location.search).toBe('?role=AL');
    await user.click(within(dialog).getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Ada Okafor' }));
    expect(await screen.findByText('Stub profile page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/profile/7');
  });

  it('counts the people listed and shows each filter as a removable chip; Clear filters empties the name box too', async () => {
    const { user, router } = renderDirectory('/user/people?q=ada&company=Acme&open_to_referrals=true');
    // No role chosen: the role facet's counts add up to the list (12 alumni + 4 trainees).
    expect(await screen.findByText('16 people')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Name: ada', 'Company: Acme', 'Open to referrals']);
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Company: Acme' }));
    expect(router.state.location.search).toBe('?q=ada&open_to_referrals=true');
    expect(screen.getByLabelText('Search people by name')).toHaveValue('ada');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search people by name')).toHaveValue('');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument());
    // The emptied box does not come back into the URL once typing would have settled.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe('');
  });

  it("with a role chosen, the count is that role's count", async () => {
    renderDirectory('/user/people?role=TR', {
      facets: () => HttpResponse.json({ ...FACETS, role: [...FACETS.role, { value: 'IN', count: 1 }] }),
    });
    expect(await screen.findByText('4 people')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: 'Remove filter Role: Trainee' })).toBeInTheDocument();
  });

  it('the phone filters are a bottom sheet: Escape closes it and focus returns to Filters', async () => {
    const { user } = renderDirectory('/user/people');
    const trigger = await screen.findByRole('button', { name: 'Filters' });
    await user.click(trigger);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(sheet).toHaveAttribute('data-placement', 'sheet');
    expect(sheet.className).toContain('bottom-0');
    expect(sheet.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });
});
