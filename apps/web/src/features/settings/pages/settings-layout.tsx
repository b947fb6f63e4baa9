import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { SETTINGS_SECTIONS, SettingsTabs } from '../components/settings-nav';

/** /user/settings/*: the heading, the section tabs (desktop) or a way back to the list (phone), then the section. */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const section = SETTINGS_SECTIONS.find((item) => pathname.startsWith(item.to));
  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-4">
        <div>
          {section ? (
            <Link to={paths.user.settings} className="text-sm font-medium text-accent-fg hover:underline sm:hidden">
              ← All settings
            </Link>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight text-fg">
            {section ? (
              <>
                <span className="hidden sm:inline">Settings</span>
                <span className="sm:hidden">{section.label}</span>
              </>
            ) : (
              'Settings'
            )}
          </h1>
          <p className="mt-1 text-sm text-fg-muted">{section?.description ?? 'Your preferences, saved to your account.'}</p>
        </div>
        <SettingsTabs />
      </div>
      <Outlet />
    </div>
  );
}
