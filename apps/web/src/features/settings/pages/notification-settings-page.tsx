import { ErrorState, Spinner } from '@/components/ui';
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

  // The heading and the section tabs come from the settings layout.
  return body;
}
