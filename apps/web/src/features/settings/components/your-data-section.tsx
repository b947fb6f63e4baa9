import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DownloadDataPanel } from './download-data-panel';
import { SettingsSection } from './settings-controls';

/** Anchor of the section: the "your data is ready" e-mail links to /user/settings#your-data. */
export const YOUR_DATA_ANCHOR = 'your-data';

/** "Your data": take a copy of everything kept about you, or delete the account. */
export function YourDataSection() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${YOUR_DATA_ANCHOR}`) document.getElementById(YOUR_DATA_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <SettingsSection id={YOUR_DATA_ANCHOR} title="Your data" description="See and take what AlumLink keeps about you, or leave for good.">
      <DownloadDataPanel />
      <hr className="border-border" />
      <DeleteAccountDialog />
    </SettingsSection>
  );
}
