import { displayName, roleLabel, SEARCH_KINDS, type SearchHit, type UserSummary } from '@alumlink/contract';
import { Search } from 'lucide-react';
import { Avatar, Spinner } from '@/components/ui';
import { profileHref, searchResultsHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { SEARCH_KIND_LABELS } from './search-hit';
import { Snippet } from './snippet';

/**
 * The dropdown under the top bar's search box: people, then each other kind's hits in a group of
 * its own, then "See all results". Options are numbered in that order (`${listId}-option-N`), the
 * order the arrow keys walk.
 */
export function SearchResults({
  listId,
  results,
  activeIndex,
  loading,
  failed,
  onChoose,
  others = [],
  othersLoading = false,
  query,
  onChooseHref,
  onSeeAll,
}: {
  listId: string;
  results: UserSummary[];
  activeIndex: number;
  loading: boolean;
  failed: boolean;
  onChoose: (userId: number) => void;
  /** Posts, jobs, events and communities, grouped by kind in SEARCH_KINDS order. */
  others?: SearchHit[];
  othersLoading?: boolean;
  query?: string;
  onChooseHref?: (href: string) => void;
  onSeeAll?: () => void;
}) {
  let status: string | null = null;
  if (!loading && results.length === 0 && others.length === 0 && !othersLoading) {
    status = failed ? 'Search is unavailable right now.' : 'Nothing found.';
  }
  const optionId = (index: number) => `${listId}-option-${index}`;
  const groups = SEARCH_KINDS.filter((kind) => kind !== 'people')
    .map((kind) => ({ kind, hits: others.filter((hit) => hit.type === kind) }))
    .filter((group) => group.hits.length > 0);
  const seeAllIndex = results.length + others.length;

  return (
    <div className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70dvh] min-w-72 overflow-y-auto rounded-2xl border border-border bg-surface-raised shadow-(--shadow-raised) sm:min-w-96">
      {loading ? (
        <div className="flex justify-center py-4 text-primary">
          <Spinner size="sm" label="Searching" />
        </div>
      ) : null}
      {status ? <p className="px-4 py-3 text-sm text-fg-muted">{status}</p> : null}
      <ul id={listId} role="listbox" aria-label="People" hidden={results.length === 0} className="py-1">
        {results.map((person, index) => (
          <li key={person.id} id={optionId(index)} role="option" aria-selected={index === activeIndex}>
            <a
              href={profileHref(person.id)}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => {
                event.preventDefault();
                onChoose(person.id);
              }}
              className={cn('flex items-center gap-3 px-4 py-2.5 hover:bg-surface-muted', index === activeIndex && 'bg-primary-soft')}
            >
              <Avatar src={person.image} personId={person.id} name={displayName(person)} alt="" size="sm" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-fg">{displayName(person)}</span>
                <span className="block truncate text-xs text-fg-muted">{roleLabel(person.role)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {othersLoading ? <p className="px-4 py-2 text-xs text-fg-subtle">Looking in posts, jobs, events and communities…</p> : null}
      {groups.map(({ kind, hits }) => (
        <div key={kind} className="border-t border-border py-1">
          <p id={`${listId}-${kind}`} className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
            {SEARCH_KIND_LABELS[kind].label}
          </p>
          <ul role="listbox" aria-labelledby={`${listId}-${kind}`}>
            {hits.map((hit) => {
              const index = results.length + others.indexOf(hit);
              return (
                <li key={`${kind}-${hit.id}`} id={optionId(index)} role="option" aria-selected={index === activeIndex}>
                  <a
                    href={hit.url}
                    tabIndex={-1}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={(event) => {
                      event.preventDefault();
                      onChooseHref?.(hit.url);
                    }}
                    className={cn('block px-4 py-2 hover:bg-surface-muted', index === activeIndex && 'bg-primary-soft')}
                  >
                    <span className="block truncate text-sm font-medium text-fg">{hit.title}</span>
                    <Snippet text={hit.snippet} className="line-clamp-2 block text-xs break-words text-fg-muted" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {query ? (
        <ul role="listbox" aria-label="All results" className="border-t border-border py-1">
          <li id={optionId(seeAllIndex)} role="option" aria-selected={seeAllIndex === activeIndex}>
            <a
              href={searchResultsHref(query)}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => {
                event.preventDefault();
                onSeeAll?.();
              }}
              className={cn(
                'flex items-center gap-2 px-4 py-2.5 text-sm font-medium text-primary hover:bg-surface-muted',
                seeAllIndex === activeIndex && 'bg-primary-soft',
              )}
            >
              <Search aria-hidden="true" className="size-4" />
              See all results for “{query}”
            </a>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
