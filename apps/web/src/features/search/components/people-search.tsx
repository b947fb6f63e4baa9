import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Input } from '@/components/ui';
import { profileHref, searchResultsHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchEverything } from '../api/search-everything';
import { useSearchUsers } from '../api/search-users';
import { SearchResults } from './search-results';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The top bar's search: debounced; people (the type-ahead) and then a few posts, jobs, events and
 * communities (search everything) in one keyboard-navigable dropdown, ending in "See all results".
 */
export function PeopleSearch({ className }: { className?: string }) {
  const [searchParams] = useSearchParams();
  const initial = searchParams.get('search') ?? '';
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(initial.trim() !== '');
  const [activeIndex, setActiveIndex] = useState(-1);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useSearchUsers(debounced);
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const listId = useId();
  const results = debounced.trim() ? (search.data ?? []) : [];
  const everything = useSearchEverything(debounced);
  // People come from the type-ahead (it also matches the start of a name); the rest from search everything.
  const others = debounced.trim() ? (everything.data?.results ?? []).filter((hit) => hit.type !== 'people') : [];
  // Keyboard order: people, the other hits, then "See all results".
  const optionCount = debounced.trim() ? results.length + others.length + 1 : 0;

  // The landing page sends people here with ?search=...
  useEffect(() => {
    if (initial) {
      setText(initial);
      setOpen(true);
    }
  }, [initial]);

  useEffect(() => {
    if (search.error) console.warn('People search failed', search.error);
  }, [search.error]);

  useEffect(() => setActiveIndex(-1), [debounced]);

  // A dropdown opened by ?search= has no focus to lose: a click anywhere else closes it.
  useEffect(() => {
    if (!open) return undefined;
    const handlePointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const goTo = (userId: number) => {
    close();
    setText('');
    void navigate(profileHref(userId));
  };

  const goToHref = (href: string) => {
    close();
    setText('');
    void navigate(href);
  };

  const chooseOption = (index: number) => {
    const person = results[index];
    if (person) return goTo(person.id);
    const hit = others[index - results.length];
    if (hit) return goToHref(hit.url);
    close();
    void navigate(searchResultsHref(debounced.trim()));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (optionCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + optionCount) % optionCount);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeIndex >= 0) chooseOption(activeIndex);
      else if (results.length === 1 && others.length === 0) chooseOption(0);
      else if (text.trim() !== '') {
        close();
        void navigate(searchResultsHref(text.trim()));
      }
    } else if (event.key === 'Escape') {
      close();
    }
  };

  const showDropdown = open && text.trim() !== '' && debounced.trim() !== '';
  const activeId = activeIndex >= 0 && activeIndex < optionCount ? `${listId}-option-${activeIndex}` : undefined;

  return (
    <div
      ref={container}
      role="search"
      className={cn('relative', className)}
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search people, posts, jobs, events and communities
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
      <Input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showDropdown}
        aria-controls={listId}
        aria-activedescendant={activeId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={handleKeyDown}
        placeholder="Search"
        className="h-10 rounded-full bg-surface-muted pl-9"
      />
      {showDropdown ? (
        <SearchResults
          listId={listId}
          results={results}
          activeIndex={activeIndex}
          loading={search.isFetching && results.length === 0}
          failed={search.isError}
          onChoose={goTo}
          others={others}
          othersLoading={everything.isFetching && others.length === 0}
          query={debounced.trim()}
          onChooseHref={goToHref}
          onSeeAll={() => chooseOption(optionCount - 1)}
        />
      ) : null}
    </div>
  );
}
