import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Moon, Sun } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { getAppliedTheme, subscribeToTheme, toggleTheme } from '@/lib/theme';
import { phoneMenuLinks } from '../nav-items';
import { PhoneMenuButton } from './phone-menu-button';

const itemClasses =
  'flex h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium text-fg outline-none data-[highlighted]:bg-surface-muted';

/** The phone menu's Radix part, loaded when the More button is first used. */
export function PhoneMenuPopup({ onLogout, defaultOpen }: { onLogout: () => void; defaultOpen: boolean }) {
  const navigate = useNavigate();
  const theme = useSyncExternalStore(subscribeToTheme, getAppliedTheme, () => 'light' as const);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <PhoneMenuButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-56 rounded-2xl border border-border bg-surface-raised p-1.5 shadow-(--shadow-raised)"
        >
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
            {theme === 'dark' ? (
              <Sun aria-hidden="true" className="size-5 text-fg-muted" />
            ) : (
              <Moon aria-hidden="true" className="size-5 text-fg-muted" />
            )}
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
