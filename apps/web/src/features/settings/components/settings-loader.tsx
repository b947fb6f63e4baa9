import type { ReactNode } from 'react';
import type { Settings } from '@alumlink/contract';
import { ErrorState, Spinner } from '@/components/ui';
import { getStoredTheme } from '@/lib/storage';
import { getThemeSetting } from '@/lib/theme';
import { useSettings } from '../api/get-settings';

export const SETTINGS_MESSAGES_WEB = { loadFailed: 'Failed to load settings. Please try again.' } as const;

/** Loads the saved settings, then renders the section's form with them (spinner, error with retry before). */
export function WithSettings({ children }: { children: (settings: Settings) => ReactNode }) {
  const settings = useSettings();
  if (settings.isPending) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading settings" />
      </div>
    );
  }
  if (settings.isError) return <ErrorState message={SETTINGS_MESSAGES_WEB.loadFailed} onRetry={() => void settings.refetch()} />;
  // The theme in use on this device (the `theme` key) wins over the saved one until saved again.
  const theme = getStoredTheme() === null ? settings.data.theme : getThemeSetting();
  return children({ ...settings.data, theme });
}
