import { TwoFactorForm } from '../components/account-settings-form';
import { WithSettings } from '../components/settings-loader';
import { SignInSecuritySection } from '../components/sign-in-security-section';
import { YourDataSection } from '../components/your-data-section';

/**
 * /user/settings/account: two-factor, password and e-mail changes, your data and leaving. The
 * sections come together once the settings are in, so the two-factor form never pushes them down.
 */
export function AccountSettingsPage() {
  return (
    <WithSettings>
      {(settings) => (
        <div className="space-y-6">
          <TwoFactorForm initial={settings} />
          <SignInSecuritySection />
          <YourDataSection />
        </div>
      )}
    </WithSettings>
  );
}
