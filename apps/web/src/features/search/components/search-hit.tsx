import type { SearchHit, SearchKind } from '@alumlink/contract';
import { Briefcase, CalendarDays, MessageSquareText, User, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { Snippet } from './snippet';

/** How each kind of hit is named and drawn. */
export const SEARCH_KIND_LABELS: Record<SearchKind, { label: string; icon: LucideIcon }> = {
  people: { label: 'People', icon: User },
  posts: { label: 'Posts', icon: MessageSquareText },
  jobs: { label: 'Jobs', icon: Briefcase },
  events: { label: 'Events', icon: CalendarDays },
  communities: { label: 'Communities', icon: Users },
};

/** One search hit: its kind's icon, its title and the snippet with the matches marked. */
export function SearchHitLink({ hit, className, onNavigate }: { hit: SearchHit; className?: string; onNavigate?: () => void }) {
  const Icon = SEARCH_KIND_LABELS[hit.type].icon;
  return (
    <Link to={hit.url} onClick={onNavigate} className={cn('flex items-start gap-3 rounded-xl px-4 py-3 hover:bg-surface-muted', className)}>
      <span className="mt-0.5 rounded-full bg-primary-soft p-1.5 text-primary-soft-fg">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-fg">{hit.title}</span>
        <Snippet text={hit.snippet} className="line-clamp-2 block text-sm break-words text-fg-muted" />
      </span>
    </Link>
  );
}
