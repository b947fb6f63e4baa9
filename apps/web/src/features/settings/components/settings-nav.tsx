import { ChevronRight } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** The settings sections, each its own URL with one Save. */
export const SETTINGS_SECTIONS = [
  { to: paths.user.profileSettings, label: 'Profile', description: 'Theme, home layout and widgets; your mentor card' },
  { to: paths.user.privacySettings, label: 'Privacy', description: 'Who sees your profile and each of its details' },
  { to: paths.user.notificationSettings, label: 'Notifications', description: 'What reaches you in the app and by e-mail' },
  { to: paths.user.accountSettings, label: 'Account', description: 'Two-factor, password, e-mail and your data' },
] as const;

/** Desktop: a row of tabs above the section (hidden on a phone, where the index lists the sections). */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings sections" className="hidden sm:block">
      <ul className="inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-surface-muted p-1">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              className={({ isActive }) =>
                cn(
                  'block rounded-lg px-3.5 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-ring',
                  isActive ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Phone: the sections as a list of rows, each leading to its page. */
export function SettingsList() {
  return (
    <nav aria-label="Settings sections">
      <ul className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="flex items-center gap-3 px-4 py-3.5 hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-fg">{section.label}</span>
                <span className="block text-sm text-fg-muted">{section.description}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
