import { Link } from 'react-router';
import { ErrorState, Spinner } from '@/components/ui';
import { paths } from '@/config/paths';
import { useNotificationSettings } from '../api/get-notification-settings';
import { NotificationSettingsForm } from '../components/notification-settings-form';

export const NOTIFICATION_SETTINGS_PAGE_TEXTS = { loadFailed: 'Failed to load notification settings. Please try again.' } as const;

/** /user/settings/notifications: per type, in the app on or off and e-mail off, instantly or in a digest. */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();

  let body;
  if (settings.isPending) {
    body = (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading notification settings" />
      </div>
    );
  } else if (settings.isError) {
    body = <ErrorState message={NOTIFICATION_SETTINGS_PAGE_TEXTS.loadFailed} onRetry={() => void settings.refetch()} />;
  } else {
    body = <NotificationSettingsForm initial={settings.data.types} />;
  }

  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <Link to={paths.user.settings} className="text-sm font-medium text-accent-fg hover:underline">
          ← Settings
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-fg">Notifications</h1>
        <p className="mt-1 text-sm text-fg-muted">Choose what reaches you in the app and by e-mail, type by type.</p>
      </div>
      {body}
    </div>
  );
}
