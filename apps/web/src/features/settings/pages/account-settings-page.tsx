import { TwoFactorForm } from '../components/account-settings-form';
import { WithSettings } from '../components/settings-loader';
import { SignInSecuritySection } from '../components/sign-in-security-section';
import { YourDataSection } from '../components/your-data-section';

/** /user/settings/account: two-factor, password and e-mail changes, your data and leaving. */
export function AccountSettingsPage() {
  return (
    <div className="space-y-6">
      <WithSettings>{(settings) => <TwoFactorForm initial={settings} />}</WithSettings>
      <SignInSecuritySection />
      <YourDataSection />
    </div>
  );
}
