import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Input } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchUsers } from '../api/search-users';
import { SearchResults } from './search-results';

export const SEARCH_DEBOUNCE_MS = 300;

/** People search of the top bar: debounced, results in a keyboard-navigable dropdown. */
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

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[activeIndex] ?? (results.length === 1 ? results[0] : undefined);
      if (chosen) goTo(chosen.id);
    } else if (event.key === 'Escape') {
      close();
    }
  };

  const showDropdown = open && text.trim() !== '' && debounced.trim() !== '';
  const activeId = activeIndex >= 0 && results[activeIndex] ? `${listId}-${results[activeIndex].id}` : undefined;

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
        Search people
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
        placeholder="Search people"
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
        />
      ) : null}
    </div>
  );
}
