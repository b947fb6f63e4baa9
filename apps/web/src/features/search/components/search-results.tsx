import { displayName, roleLabel, type UserSummary } from '@alumlink/contract';
import { Avatar, Spinner } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { cn } from '@/lib/cn';

/** The dropdown list under the people search box. */
export function SearchResults({
  listId,
  results,
  activeIndex,
  loading,
  failed,
  onChoose,
}: {
  listId: string;
  results: UserSummary[];
  activeIndex: number;
  loading: boolean;
  failed: boolean;
  onChoose: (userId: number) => void;
}) {
  let status: string | null = null;
  if (!loading && results.length === 0) status = failed ? 'Search is unavailable right now.' : 'No people found.';

  return (
    <div className="absolute inset-x-0 top-full z-50 mt-2 min-w-72 overflow-hidden rounded-2xl border border-border bg-surface-raised shadow-(--shadow-raised)">
      {loading ? (
        <div className="flex justify-center py-4 text-primary">
          <Spinner size="sm" label="Searching" />
        </div>
      ) : null}
      {status ? <p className="px-4 py-3 text-sm text-fg-muted">{status}</p> : null}
      <ul id={listId} role="listbox" aria-label="People" hidden={results.length === 0} className="max-h-80 overflow-y-auto py-1">
        {results.map((person, index) => (
          <li key={person.id} id={`${listId}-${person.id}`} role="option" aria-selected={index === activeIndex}>
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
    </div>
  );
}
