import { PrivacySettingsForm } from '../components/privacy-settings-form';
import { WithSettings } from '../components/settings-loader';

/** /user/settings/privacy: every privacy choice in one place, one Save. */
export function PrivacySettingsPage() {
  return <WithSettings>{(settings) => <PrivacySettingsForm initial={settings} />}</WithSettings>;
}
