import { Link } from 'react-router';
import { displayName, type Event } from '@alumlink/contract';
import { Avatar, Card, PagedList, SkeletonList } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useEventGoing } from '../api/event-going';

export const WHO_IS_GOING_TEXTS = {
  heading: 'Who is going',
  loadFailed: 'Failed to load who is going.',
  nobody: 'Nobody has registered yet. Be the first!',
  allUnlisted: 'Everyone going keeps out of the directory.',
} as const;

/** "12 going", and how many of them keep themselves out of the directory (counted, not named). */
export function goingSummary(count: number, unnamed: number): string {
  const going = `${formatCount(count)} going`;
  if (unnamed === 0) return going;
  return `${going} · ${formatCount(unnamed)} not listed in the directory`;
}

/** Who is going, for signed-in members: names and avatars linking to profiles, page by page. */
export function WhoIsGoing({ event }: { event: Event }) {
  const going = useEventGoing(event.id);
  const first = going.data?.pages[0];
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="who-is-going" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="who-is-going" className="text-base font-semibold text-fg">
            {WHO_IS_GOING_TEXTS.heading}
          </h2>
          {first ? <p className="text-sm text-fg-muted">{goingSummary(first.count, first.unnamed)}</p> : null}
        </div>
        <PagedList
          query={going}
          loading={<SkeletonList label="Loading who is going" count={3} className="space-y-2" itemClassName="h-10 rounded-lg" />}
          error={WHO_IS_GOING_TEXTS.loadFailed}
          empty={<p className="text-sm text-fg-muted">{first?.count ? WHO_IS_GOING_TEXTS.allUnlisted : WHO_IS_GOING_TEXTS.nobody}</p>}
          label={WHO_IS_GOING_TEXTS.heading}
          className="grid gap-1 sm:grid-cols-2"
          itemKey={(person) => person.id}
          renderItem={(person) => (
            <Link
              to={profileHref(person.id)}
              className="flex min-w-0 items-center gap-3 rounded-lg px-2 py-2 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Avatar src={person.image} alt="" size="sm" personId={person.id} name={displayName(person)} />
              <span className="min-w-0 truncate text-sm font-medium text-fg">{displayName(person)}</span>
            </Link>
          )}
          loadMoreLabel="Show more people"
        />
      </section>
    </Card>
  );
}
