import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { SettingsSection } from './settings-controls';

/** Password and e-mail changes, each behind the current password (outside the settings form: forms do not nest). */
export function SignInSecuritySection() {
  return (
    <SettingsSection title="Sign-in and security" description="Change your password or the email you sign in with.">
      <ChangePasswordForm />
      <hr className="border-border" />
      <ChangeEmailForm />
    </SettingsSection>
  );
}
