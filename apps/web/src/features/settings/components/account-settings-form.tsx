import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Settings } from '@alumlink/contract';
import { Button } from '@/components/ui';
import { SettingsSection, ToggleRow } from './settings-controls';
import { TurnOffTwoFactorDialog } from './turn-off-two-factor-dialog';
import { SETTINGS_TOASTS, useSettingsSection } from './use-save-settings';

/** Settings → Account → Two-factor: turning it off is saved at once behind the password; turning it on waits for Save. */
export function TwoFactorForm({ initial }: { initial: Settings }) {
  const { values, change, save, saving } = useSettingsSection({ two_factor: initial.two_factor });
  const [savedOn, setSavedOn] = useState(initial.two_factor);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const twoFactorSwitch = useRef<HTMLElement | null>(null);

  const handleChange = (checked: boolean) => {
    if (!checked && savedOn && values.two_factor) {
      twoFactorSwitch.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setConfirmingOff(true);
    } else change('two_factor', checked);
  };

  return (
    <form
      noValidate
      aria-label="Two-factor authentication"
      onSubmit={(event) => {
        event.preventDefault();
        void save().then((ok) => ok && setSavedOn(values.two_factor));
      }}
    >
      <SettingsSection title="Security" description="Protect your account.">
        <ToggleRow
          label="Two-factor authentication"
          description="When you sign in, we also e-mail you a code to enter."
          checked={values.two_factor}
          onChange={handleChange}
        />
        <TurnOffTwoFactorDialog
          open={confirmingOff}
          onOpenChange={setConfirmingOff}
          returnFocusTo={twoFactorSwitch}
          onTurnedOff={() => {
            change('two_factor', false);
            setSavedOn(false);
            toast.success(SETTINGS_TOASTS.twoFactorOff);
          }}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={saving}>
            Save security
          </Button>
        </div>
      </SettingsSection>
    </form>
  );
}
