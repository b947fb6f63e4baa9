import { ErrorState, Spinner } from '@/components/ui';
import { getStoredTheme } from '@/lib/storage';
import { getThemeSetting } from '@/lib/theme';
import { useSettings } from '../api/get-settings';
import { FieldPrivacySection } from '../components/field-privacy-section';
import { SettingsForm } from '../components/settings-form';
import { SignInSecuritySection } from '../components/sign-in-security-section';

export const SETTINGS_MESSAGES_WEB = { loadFailed: 'Failed to load settings. Please try again.' } as const;

/** /user/settings: the person's settings, saved on the server. */
export function SettingsPage() {
  const settings = useSettings();

  let body;
  if (settings.isPending) {
    body = (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading settings" />
      </div>
    );
  } else if (settings.isError) {
    body = <ErrorState message={SETTINGS_MESSAGES_WEB.loadFailed} onRetry={() => void settings.refetch()} />;
  } else {
    // The theme in use on this device (the `theme` key) wins over the saved one until saved again.
    const theme = getStoredTheme() === null ? settings.data.theme : getThemeSetting();
    body = (
      <>
        <SettingsForm initial={{ ...settings.data, theme }} />
        <FieldPrivacySection />
        <SignInSecuritySection />
      </>
    );
  }

  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Settings</h1>
        <p className="mt-1 text-sm text-fg-muted">Your preferences, saved to your account.</p>
      </div>
      {body}
    </div>
  );
}
