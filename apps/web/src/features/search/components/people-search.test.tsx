import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { UserSummary } from '@alumlink/contract';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { PeopleSearch } from './people-search';

function person(id: number, first: string, last: string, role: UserSummary['role'] = 'AL'): UserSummary {
  return {
    id,
    username: `${first}${id}`.toLowerCase(),
    email: `${first}@example.com`.toLowerCase(),
    first_name: first,
    last_name: last,
    handle: null,
    role,
    image: null,
    profile: { profile_image: null },
  };
}

const people = [person(11, 'Priya', 'Sharma'), person(12, 'Ravi', 'Sharmila', 'IN')];
const SEARCH_LABEL = 'Search people, posts, jobs, events and communities';

function renderSearch(path = '/user') {
  const queries: string[] = [];
  server.use(
    http.get('/api/search-users/', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      queries.push(q);
      return HttpResponse.json(people.filter((p) => `${p.first_name} ${p.last_name}`.toLowerCase().includes(q.toLowerCase())));
    }),
    http.get('/api/search/', () => HttpResponse.json({ results: [], next: null })),
  );
  const view = renderRoutes(
    [
      { path: '/user', element: <PeopleSearch /> },
      { path: '/user/profile/:userId', element: <p>Profile stub</p> },
    ],
    { path },
  );
  return { ...view, queries };
}

describe('PeopleSearch', () => {
  it('asks once the typing settles and lists people with their role', async () => {
    const { user, queries } = renderSearch();
    await user.type(screen.getByRole('combobox', { name: SEARCH_LABEL }), 'sharm');
    const list = await screen.findByRole('listbox', { name: 'People' });
    // Each with the person's initials (no picture), hidden from assistive technology beside the name.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['PSPriya SharmaAlumni', 'RSRavi SharmilaIntern']);
    for (const initials of list.querySelectorAll('[data-avatar-initials]')) expect(initials).toHaveAttribute('aria-hidden', 'true');
    expect(queries).toEqual(['sharm']);
  });

  it('ignores empty or blank input', async () => {
    const { user, queries } = renderSearch();
    await user.type(screen.getByRole('combobox', { name: SEARCH_LABEL }), '   ');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(queries).toEqual([]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves through results with the arrow keys and opens the chosen profile with Enter', async () => {
    const { user, router } = renderSearch();
    const box = screen.getByRole('combobox', { name: SEARCH_LABEL });
    await user.type(box, 'shar');
    await screen.findByRole('listbox', { name: 'People' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Profile stub')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/profile/12');
  });

  it('links each result to the profile page and closes on Escape', async () => {
    const { user } = renderSearch();
    await user.type(screen.getByRole('combobox', { name: SEARCH_LABEL }), 'priya');
    const option = await within(await screen.findByRole('listbox', { name: 'People' })).findByRole('option');
    expect(within(option).getByRole('link', { hidden: true })).toHaveAttribute('href', '/user/profile/11');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('prefills from ?search=, searches right away and closes on a click elsewhere', async () => {
    const { queries, user } = renderSearch('/user?search=Ravi');
    expect(screen.getByRole('combobox', { name: SEARCH_LABEL })).toHaveValue('Ravi');
    expect(await within(await screen.findByRole('listbox', { name: 'People' })).findByRole('option')).toHaveTextContent('Ravi Sharmila');
    expect(queries).toEqual(['Ravi']);
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('only warns when the search fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.get('/api/search-users/', () => HttpResponse.json({ detail: 'down', code: 'x' }, { status: 503 })),
      http.get('/api/search/', () => HttpResponse.json({ results: [], next: null })),
    );
    const { user } = renderRoutes([{ path: '/user', element: <PeopleSearch /> }], { path: '/user' });
    await user.type(screen.getByRole('combobox', { name: SEARCH_LABEL }), 'x');
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it('shows posts, jobs, events and communities grouped below people, matches marked as text, and Enter opens the results page', async () => {
    server.use(
      http.get('/api/search-users/', () => HttpResponse.json([people[0]])),
      http.get('/api/search/', () =>
        HttpResponse.json({
          results: [
            { type: 'people', id: 11, title: 'Priya Sharma', snippet: '\uE000Priya\uE001 Sharma', url: '/user/profile/11' },
            {
              type: 'posts',
              id: 5,
              title: 'Ravi Sharmila',
              snippet: 'Lunch with \uE000sharma\uE001 <b>team</b>',
              url: '/user/profile/12#post-5',
            },
            { type: 'jobs', id: 7, title: 'Sharma Labs engineer', snippet: '\uE000Sharma\uE001 Labs', url: '/user/jobs#job-7' },
          ],
          next: null,
        }),
      ),
    );
    const { user, router } = renderRoutes(
      [
        { path: '/user', element: <PeopleSearch /> },
        { path: '/user/search', element: <p>Results stub</p> },
      ],
      { path: '/user' },
    );
    await user.type(screen.getByRole('combobox', { name: SEARCH_LABEL }), 'sharma');
    const posts = await screen.findByRole('listbox', { name: 'Posts' });
    expect(within(posts).getByRole('option')).toHaveTextContent('Lunch with sharma <b>team</b>');
    expect(within(posts).getByText('sharma').tagName).toBe('MARK');
    expect(within(screen.getByRole('listbox', { name: 'Jobs' })).getByRole('option')).toHaveTextContent('Sharma Labs engineer');
    // People appear once, from the type-ahead.
    expect(within(screen.getByRole('listbox', { name: 'People' })).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Results stub')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=sharma');
  });
});
