import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Settings } from '@alumlink/contract';
import { isApiError } from '@/lib/api-client';
import { useUpdateSettings } from '../api/update-settings';

export const SETTINGS_TOASTS = {
  saved: 'Settings saved.',
  failed: 'Failed to save settings. Please try again.',
  twoFactorOff: 'Two-factor authentication is off.',
} as const;

/** A section's part of the settings: its values, a change helper, and a save that sends only those fields. */
export function useSettingsSection<K extends keyof Settings>(initial: Pick<Settings, K>) {
  const [values, setValues] = useState<Pick<Settings, K>>(initial);
  const [saved, setSaved] = useState<Pick<Settings, K>>(initial);
  const mutation = useUpdateSettings();
  const keys = Object.keys(initial) as K[];
  const changed = keys.some((key) => JSON.stringify(values[key]) !== JSON.stringify(saved[key]));
  const change = <F extends K>(key: F, value: Settings[F]) => setValues((current) => ({ ...current, [key]: value }));

  /** Saves the section's fields; resolves true when saved (the toast says which). */
  const save = async (toastOnSuccess = true): Promise<boolean> => {
    try {
      const answer = await mutation.mutateAsync(values);
      const next = Object.fromEntries(keys.map((key) => [key, answer[key]])) as Pick<Settings, K>;
      setValues(next);
      setSaved(next);
      if (toastOnSuccess) toast.success(SETTINGS_TOASTS.saved);
      return true;
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || SETTINGS_TOASTS.failed);
      return false;
    }
  };
  return { values, change, changed, save, saving: mutation.isPending };
}
