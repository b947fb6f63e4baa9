import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedList, type PagedQuery } from './paged-list';
import { StatsTable } from './stats-table';
import { StatusTabs } from './status-tabs';

function query(overrides: Partial<PagedQuery<{ id: number; name: string }>> = {}): PagedQuery<{ id: number; name: string }> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
    ...overrides,
  };
}

const pages = (...names: string[][]) => ({
  pages: names.map((page) => ({ results: page.map((name, id) => ({ id: id + names.indexOf(page) * 100, name })) })),
});

function renderList(state: PagedQuery<{ id: number; name: string }>) {
  return render(
    <PagedList
      query={state}
      loading="Loading people..."
      error="Failed to load people."
      empty={<p>Nobody yet</p>}
      label="People"
      itemKey={(person) => person.id}
      renderItem={(person) => person.name}
      loadMoreLabel="Show more people"
    />,
  );
}

describe('PagedList', () => {
  it('says it is loading, then shows the empty state', () => {
    const { rerender } = renderList(query({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading people...');
    rerender(
      <PagedList
        query={query({ data: pages([]) })}
        loading=""
        error=""
        empty={<p>Nobody yet</p>}
        itemKey={() => 1}
        renderItem={() => null}
      />,
    );
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
  });

  it('offers a retry when the first page fails', async () => {
    const state = query({ isError: true });
    renderList(state);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load people.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });

  it('lists every loaded page and asks for the next; a failed later page keeps the items', async () => {
    const state = query({ data: pages(['Ada', 'Grace'], ['Linus']), hasNextPage: true, isError: true });
    renderList(state);
    const list = screen.getByRole('list', { name: 'People' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ada', 'Grace', 'Linus']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more people' }));
    expect(state.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});

describe('StatusTabs and StatsTable', () => {
  it('switches the filter, "All" standing for the empty value', async () => {
    const onValueChange = vi.fn();
    render(
      <StatusTabs
        value=""
        onValueChange={onValueChange}
        options={[
          { value: '', label: 'All' },
          { value: 'open', label: 'Open' },
        ]}
      >
        <p>the list</p>
      </StatusTabs>,
    );
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the list');
    await userEvent.click(screen.getByRole('tab', { name: 'Open' }));
    expect(onValueChange).toHaveBeenCalledWith('open');
  });

  it('names the table by its caption and each row by its label', () => {
    render(<StatsTable caption="Hires by company" columns={['Company', 'Hires']} rows={[{ key: 'g', label: 'Google', values: [2] }]} />);
    const table = within(screen.getByRole('table', { name: 'Hires by company' }));
    expect(table.getByRole('row', { name: 'Google 2' })).toBeInTheDocument();
    expect(table.getByRole('columnheader', { name: 'Hires' })).toBeInTheDocument();
  });
});
