import { LogOut, SquarePlus } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { homeItem, settingsItem, sidebarLinksAfterCreate, type NavLinkItem } from '../nav-items';

const itemClasses =
  'flex h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring';

function SidebarLink({ item }: { item: NavLinkItem }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) =>
        cn(itemClasses, isActive ? 'bg-primary-soft text-primary-soft-fg' : 'text-fg-muted hover:bg-surface-muted hover:text-fg')
      }
    >
      <Icon aria-hidden="true" className="size-5" />
      {item.label}
    </NavLink>
  );
}

/** Left sidebar of the user area (tablets and desktops). */
export function UserSidebar({ onCreatePost, onLogout }: { onCreatePost: () => void; onLogout: () => void }) {
  return (
    <nav aria-label="Main" className="sticky top-20 flex flex-col gap-1">
      <SidebarLink item={homeItem} />
      <button type="button" onClick={onCreatePost} className={cn(itemClasses, 'text-fg-muted hover:bg-surface-muted hover:text-fg')}>
        <SquarePlus aria-hidden="true" className="size-5" />
        Create
      </button>
      {sidebarLinksAfterCreate.map((item) => (
        <SidebarLink key={item.to} item={item} />
      ))}
      <div className="my-2 border-t border-border" />
      <SidebarLink item={settingsItem} />
      <button type="button" onClick={onLogout} className={cn(itemClasses, 'text-fg-muted hover:bg-danger-soft hover:text-danger-fg')}>
        <LogOut aria-hidden="true" className="size-5" />
        Logout
      </button>
    </nav>
  );
}
