import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { adminNavItems } from './nav-items';

const itemClasses =
  'flex h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring';

/** The side menu's links; `onNavigate` lets the phone drawer close after a choice. */
export function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin" className="flex flex-col gap-1">
      {adminNavItems.map((item) => {
        const Icon = item.icon;
        return (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(itemClasses, isActive ? 'bg-primary-soft text-primary-soft-fg' : 'text-fg-muted hover:bg-surface-muted hover:text-fg')
            }
          >
            <Icon aria-hidden="true" className="size-5" />
            {item.label}
          </NavLink>
        );
      })}
    </nav>
  );
}
