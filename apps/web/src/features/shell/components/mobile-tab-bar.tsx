import { SquarePlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { messagesItem, tabBarAfterCreate, tabBarBeforeCreate, type NavLinkItem } from '../nav-items';

const tabClasses =
  'flex h-full flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';

function Tab({ item, badge }: { item: NavLinkItem; badge?: ReactNode }) {
  const Icon = item.icon;
  return (
    <NavLink to={item.to} end={item.end} className={({ isActive }) => cn(tabClasses, isActive ? 'text-accent-fg' : 'text-fg-muted')}>
      <span className="relative grid size-8 place-items-center">
        <Icon aria-hidden="true" className="size-5.5" />
        {badge}
      </span>
      {item.label}
    </NavLink>
  );
}

/** Bottom tab bar on phones: Home, Create, Messages, Jobs, Profile. */
export function MobileTabBar({
  onCreatePost,
  messagesBadge,
}: {
  onCreatePost: () => void;
  /** The unread number on Messages. */ messagesBadge?: ReactNode;
}) {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex h-16 max-w-lg items-stretch">
        {tabBarBeforeCreate.map((item) => (
          <Tab key={item.to} item={item} />
        ))}
        <button type="button" onClick={onCreatePost} className={cn(tabClasses, 'text-fg-muted')}>
          <span className="grid size-8 place-items-center rounded-xl bg-primary text-primary-fg shadow-sm">
            <SquarePlus aria-hidden="true" className="size-5" />
          </span>
          Create
        </button>
        {tabBarAfterCreate.map((item) => (
          <Tab key={item.to} item={item} badge={item === messagesItem ? messagesBadge : undefined} />
        ))}
      </div>
    </nav>
  );
}
