import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Menu, Moon, Sun } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { getAppliedTheme, subscribeToTheme, toggleTheme } from '@/lib/theme';
import { phoneMenuLinks } from '../nav-items';

const itemClasses = 'flex h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium text-fg outline-none data-[highlighted]:bg-surface-muted';

/** On phones, the links that do not fit the tab bar (Referrals, Settings), the theme and Logout. */
export function PhoneMenu({ onLogout }: { onLogout: () => void }) {
  const navigate = useNavigate();
  const theme = useSyncExternalStore(subscribeToTheme, getAppliedTheme, () => 'light' as const);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="More"
        className="inline-flex size-10 items-center justify-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring md:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-56 rounded-2xl border border-border bg-surface-raised p-1.5 shadow-(--shadow-raised)">
          {phoneMenuLinks.map((item) => {
            const Icon = item.icon;
            return (
              <DropdownMenu.Item key={item.to} className={itemClasses} onSelect={() => void navigate(item.to)}>
                <Icon aria-hidden="true" className="size-5 text-fg-muted" />
                {item.label}
              </DropdownMenu.Item>
            );
          })}
          <DropdownMenu.Item className={itemClasses} onSelect={() => toggleTheme()}>
            {theme === 'dark' ? <Sun aria-hidden="true" className="size-5 text-fg-muted" /> : <Moon aria-hidden="true" className="size-5 text-fg-muted" />}
            {theme === 'dark' ? 'Light theme' : 'Dark theme'}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClasses} onSelect={onLogout}>
            <LogOut aria-hidden="true" className="size-5 text-fg-muted" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
