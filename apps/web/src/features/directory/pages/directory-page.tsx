import { SlidersHorizontal, Search, Users } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DIRECTORY_MESSAGES, type DirectoryFilters } from '@alumlink/contract';
import { Button, Card, Dialog, EmptyState, Input, PagedList, SkeletonList } from '@/components/ui';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDirectory } from '../api/get-directory';
import { useDirectoryFacets } from '../api/get-directory-facets';
import { ActiveFilters, directoryTotal } from '../components/active-filters';
import { DirectoryFilterControls } from '../components/directory-filters';
import { PersonCard } from '../components/person-card';
import { activeFilterCount, filtersFromSearch, filtersToQuery } from '../filters';

export const NAME_SEARCH_DEBOUNCE_MS = 300;

/** /user/people: the directory, its filters in the URL (a link shares them; back and forward work). */
export function DirectoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const searchText = searchParams.toString();
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(searchText)), [searchText]);
  const [name, setName] = useState(filters.q ?? '');
  const debouncedName = useDebouncedValue(name.trim(), NAME_SEARCH_DEBOUNCE_MS);
  const [sheetOpen, setSheetOpen] = useState(false);

  // Typing settles into the URL (replacing the entry: one history step per search, not per key),
  // once per settled value: setSearchParams changes with every URL change, and a stale name must
  // not be written back over "Clear filters" before the box's new value settles.
  const settledName = useRef(debouncedName);
  useEffect(() => {
    if (settledName.current === debouncedName) return;
    settledName.current = debouncedName;
    setSearchParams(
      (current) => {
        if ((current.get('q') ?? '') === debouncedName) return current;
        const next = new URLSearchParams(current);
        if (debouncedName === '') next.delete('q');
        else next.set('q', debouncedName);
        return next;
      },
      { replace: true },
    );
  }, [debouncedName, setSearchParams]);
  // Back / forward (or a shared link) changes q under the box: show it.
  const urlName = filters.q ?? '';
  useEffect(() => {
    if (urlName !== debouncedName) setName(urlName);
    // Only when the URL moves; debouncedName catching up must not reset the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlName]);

  const people = useDirectory(filters);
  const facets = useDirectoryFacets(filters);
  const activeCount = activeFilterCount(filters);

  const handleChange = (changes: Partial<DirectoryFilters>) => {
    setSearchParams(new URLSearchParams(filtersToQuery({ ...filters, ...changes })));
  };
  // Every filter goes, the name box too (it is one of the filters the chips show).
  const handleClear = () => {
    setName('');
    setSearchParams(new URLSearchParams());
  };
  const handleRemove = (filter: keyof DirectoryFilters) => {
    if (filter === 'q') setName('');
    handleChange({ [filter]: undefined });
  };
  const controls = (idPrefix: string, onClear?: () => void) => (
    <DirectoryFilterControls filters={filters} facets={facets.data} onChange={handleChange} onClear={onClear} idPrefix={idPrefix} />
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-fg">People</h1>
        <p className="mt-1 text-sm text-fg-muted">Find alumni, interns and trainees by company, cohort, skill or place.</p>
      </div>

      <div className="flex gap-2">
        <form role="search" className="relative min-w-0 flex-1" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="directory-name" className="sr-only">
            Search people by name
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-fg-subtle" />
          <Input
            id="directory-name"
            type="search"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Search by name"
            className="pl-10"
            maxLength={200}
          />
        </form>
        <Dialog
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          title="Filters"
          placement="sheet"
          trigger={
            <Button variant="secondary" className="lg:hidden" leftIcon={<SlidersHorizontal aria-hidden="true" className="size-4" />}>
              Filters{activeCount > 0 ? ` (${activeCount})` : ''}
            </Button>
          }
          footer={<Button onClick={() => setSheetOpen(false)}>Show results</Button>}
        >
          {controls('sheet', handleClear)}
        </Dialog>
      </div>

      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-label="Filters" className="hidden lg:block">
          <Card className="sticky top-4 p-4">{controls('side')}</Card>
        </aside>

        <section aria-labelledby="people-heading" aria-busy={people.isFetching} className="min-w-0 space-y-4">
          <h2 id="people-heading" className="sr-only">
            People
          </h2>
          <ActiveFilters filters={filters} total={directoryTotal(facets.data, filters)} onRemove={handleRemove} onClear={handleClear} />
          <PagedList
            query={people}
            loading={
              <SkeletonList
                label="Loading people"
                count={6}
                className="grid gap-3 xl:grid-cols-2"
                itemClassName="h-28 rounded-(--radius-card)"
              />
            }
            error={DIRECTORY_MESSAGES.loadFailed}
            empty={
              <EmptyState
                icon={<Users aria-hidden="true" className="size-6" />}
                title={DIRECTORY_MESSAGES.empty}
                description="Try fewer filters or another name."
              />
            }
            render={(items) => (
              <ul className="grid gap-3 xl:grid-cols-2">
                {items.map((person) => (
                  <PersonCard key={person.id} person={person} />
                ))}
              </ul>
            )}
            infinite
            loadMoreLabel="Show more people"
          />
        </section>
      </div>
    </div>
  );
}
