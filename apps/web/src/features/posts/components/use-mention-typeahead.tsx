import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { displayName, type UserSummary } from '@alumlink/contract';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { Avatar } from '@/components/ui';
import { searchKeys, searchUsers } from '@/features/search';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { applyMention, mentionQueryAt, searchTextOf, type MentionQuery } from './mention-query';

export const MENTION_DEBOUNCE_MS = 200;
/** People offered at once. */
const MENTION_OPTIONS_MAX = 6;

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/**
 * Offers people as an @mention is typed in a text box (the people type-ahead, GET
 * /api/search-users/): an accessible combobox (aria-expanded, aria-activedescendant; arrows move,
 * Enter picks, Escape closes). Spread `controlProps` on the box and render `listbox` just below it
 * inside a `relative` container.
 */
export function useMentionTypeahead<E extends TextControl>({
  value,
  onChange,
  placement = 'below',
}: {
  value: string;
  onChange: (text: string) => void;
  /** Where the offer opens: 'above' for a box at the bottom of a card that clips what overflows it. */
  placement?: 'below' | 'above';
}) {
  const ref = useRef<E>(null);
  const [typed, setTyped] = useState<MentionQuery | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // Where the caret goes once the chosen mention is in the box: set as soon as React has written
  // the new value, before the next key press (a frame later, fast typing landed before it).
  const caretAfterChoice = useRef<number | null>(null);
  useLayoutEffect(() => {
    const control = ref.current;
    const caret = caretAfterChoice.current;
    if (!control || caret === null) return;
    caretAfterChoice.current = null;
    control.focus();
    control.setSelectionRange(caret, caret);
  }, [value]);
  const listId = useId();
  const text = useDebouncedValue(typed ? searchTextOf(typed.query) : '', MENTION_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: searchKeys.users(text),
    queryFn: ({ signal }) => searchUsers(text, signal),
    enabled: text !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const people = typed && text !== '' ? (search.data ?? []).slice(0, MENTION_OPTIONS_MAX) : [];
  const open = typed !== null && dismissedAt !== typed.start && people.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const readCaret = (control: TextControl) => {
    const next = mentionQueryAt(control.value, control.selectionStart ?? control.value.length);
    if (next?.query !== typed?.query || next?.start !== typed?.start) setActiveIndex(0);
    setTyped(next);
  };

  const choose = (person: UserSummary) => {
    const control = ref.current;
    if (!control || !typed) return;
    const next = applyMention(value, control.selectionStart ?? value.length, typed, person.username);
    caretAfterChoice.current = next.caret;
    onChange(next.text);
    setTyped(null);
  };

  const onKeyDown = (event: KeyboardEvent<E>) => {
    if (!open || !typed) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + people.length) % people.length);
    } else if (event.key === 'Enter') {
      const person = people[activeIndex];
      if (!person) return;
      event.preventDefault();
      choose(person);
    } else if (event.key === 'Escape') {
      // Closes the offer only (not a dialog around the box).
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(typed.start);
    }
  };

  const controlProps = {
    ref,
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': open ? optionId(activeIndex) : undefined,
    onChange: (event: ChangeEvent<E>) => {
      onChange(event.target.value);
      readCaret(event.target);
    },
    onSelect: (event: SyntheticEvent<E>) => readCaret(event.currentTarget),
    onKeyDown,
    onBlur: () => setTyped(null),
  };

  const listbox = (
    <ul
      id={listId}
      role="listbox"
      aria-label="People to mention"
      hidden={!open}
      className={cn(
        'absolute inset-x-0 z-30 max-h-72 overflow-auto rounded-lg border border-border bg-surface py-1 shadow-lg',
        placement === 'below' ? 'top-full mt-1' : 'bottom-full mb-1',
      )}
    >
      {open
        ? people.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(person)}
              className={cn(
                'flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-surface-muted',
                index === activeIndex && 'bg-primary-soft',
              )}
            >
              <Avatar src={person.image} personId={person.id} name={displayName(person)} alt="" size="sm" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-fg">{displayName(person)}</span>
                <span className="block truncate text-xs text-fg-muted">@{person.username}</span>
              </span>
            </li>
          ))
        : null}
    </ul>
  );

  return { controlProps, listbox };
}
