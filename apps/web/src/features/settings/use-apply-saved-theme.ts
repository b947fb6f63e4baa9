import { useEffect } from 'react';
import type { Settings } from '@alumlink/contract';
import { getStoredTheme } from '@/lib/storage';
import { setThemeSetting } from '@/lib/theme';

/**
 * Brings the saved theme to this browser when it has none yet (a new device, or after logout
 * cleared local storage). A theme chosen here (stored under `theme`) is left alone.
 */
export function useApplySavedTheme(settings: Settings | undefined): void {
  const theme = settings?.theme;
  useEffect(() => {
    if (theme && getStoredTheme() === null) setThemeSetting(theme);
  }, [theme]);
}
