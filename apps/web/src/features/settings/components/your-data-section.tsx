import { DeleteAccountDialog } from './delete-account-dialog';
import { DownloadDataPanel } from './download-data-panel';
import { SettingsSection } from './settings-controls';

/** "Your data": take a copy of everything kept about you, or delete the account. */
export function YourDataSection() {
  return (
    <SettingsSection title="Your data" description="See and take what AlumLink keeps about you, or leave for good.">
      <DownloadDataPanel />
      <hr className="border-border" />
      <DeleteAccountDialog />
    </SettingsSection>
  );
}
