import { NavLink } from 'react-router';
import type { ModerationQueueCounts } from '@alumlink/contract';
import { cn } from '@/lib/cn';
import { useQueueCounts } from './api/get-queue-counts';
import { adminNavItems, memberAreaItems, type AdminNavItem } from './nav-items';

const itemClasses =
  'flex h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring';

function NavItem({ item, counts, onNavigate }: { item: AdminNavItem; counts?: ModerationQueueCounts; onNavigate?: () => void }) {
  const Icon = item.icon;
  const count = item.count && counts ? counts[item.count] : 0;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      // The name says what the number means ("Reports, 3 open"); the badge itself is not read.
      aria-label={count > 0 ? `${item.label}, ${count} open` : undefined}
      className={({ isActive }) =>
        cn(itemClasses, isActive ? 'bg-primary-soft text-primary-soft-fg' : 'text-fg-muted hover:bg-surface-muted hover:text-fg')
      }
    >
      <Icon aria-hidden="true" className="size-5" />
      {item.label}
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="ml-auto inline-flex min-w-6 justify-center rounded-full bg-danger-soft px-1.5 py-0.5 text-xs font-semibold text-danger-fg tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
}

/** The side menu's links, with the open reports and appeals counted; `onNavigate` lets the phone drawer close after a choice. */
export function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const counts = useQueueCounts();
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Admin" className="flex flex-col gap-1">
        {adminNavItems.map((item) => (
          <NavItem key={item.to} item={item} counts={counts.data} onNavigate={onNavigate} />
        ))}
      </nav>
      <nav aria-label="Member area" className="flex flex-col gap-1 border-t border-border pt-4">
        {memberAreaItems.map((item) => (
          <NavItem key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </nav>
    </div>
  );
}
