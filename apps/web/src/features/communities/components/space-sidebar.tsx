import { CalendarDays, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayName } from '@alumlink/contract';
import { Avatar, Card, LoadMore } from '@/components/ui';
import { eventHref, profileHref } from '@/config/paths';
import { formatEventDate } from '@/lib/format';
import { useSpaceEvents, useSpaceMembers } from '../api/get-space';

function SideCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-fg">
        {icon} {title}
      </h2>
      {children}
    </Card>
  );
}

const note = (text: string) => <p className="mt-2 text-sm text-fg-subtle">{text}</p>;

/** The space's upcoming events, soonest first (a members-only space's reach its members alone). */
export function SpaceEvents({ slug }: { slug: string }) {
  const events = useSpaceEvents(slug);
  const list = events.data?.results ?? [];
  return (
    <SideCard icon={<CalendarDays aria-hidden="true" className="size-4" />} title="Upcoming events">
      {events.isPending ? note('Loading…') : null}
      {events.isError ? note('Failed to load events.') : null}
      {events.isSuccess && list.length === 0 ? note('No upcoming events.') : null}
      {list.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Upcoming events">
          {list.map((event) => (
            <li key={event.id} className="text-sm">
              <Link to={eventHref(event.id)} className="font-medium text-fg hover:underline">
                {event.title}
              </Link>
              <p className="text-xs text-fg-subtle">
                <time dateTime={event.date}>{formatEventDate(event.date)}</time>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </SideCard>
  );
}

/** The space's members the caller may see (people who hide their profile are not named), page by page. */
export function SpaceMembers({ slug, locked }: { slug: string; locked: boolean }) {
  const members = useSpaceMembers(slug, !locked);
  const people = members.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <SideCard icon={<Users aria-hidden="true" className="size-4" />} title="Members">
      {locked ? note('Join to see who is here.') : null}
      {!locked && members.isPending ? note('Loading…') : null}
      {members.isError ? note('Failed to load members.') : null}
      {members.isSuccess && people.length === 0 ? note('No members to show yet.') : null}
      {people.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Members">
          {people.map((person) => {
            const name = displayName(person);
            return (
              <li key={person.id}>
                <Link to={profileHref(person.id)} className="flex items-center gap-2 text-sm text-fg hover:underline">
                  <Avatar src={person.image} personId={person.id} name={name} alt="" size="sm" />
                  <span className="truncate">{name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      <LoadMore
        className="mt-2"
        hasMore={members.hasNextPage}
        loading={members.isFetchingNextPage}
        onLoadMore={() => void members.fetchNextPage()}
        label="More members"
      />
    </SideCard>
  );
}
