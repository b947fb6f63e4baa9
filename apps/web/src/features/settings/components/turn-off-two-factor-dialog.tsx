import { useState, type FormEvent, type RefObject } from 'react';
import { Dialog, DialogActions, FormMessage } from '@/components/ui';
import { useUpdateSettings } from '../api/update-settings';
import { PasswordField } from './password-field';
import { useFormErrors } from './use-form-errors';

export const TURN_OFF_TWO_FACTOR_TEXTS = {
  title: 'Turn off two-factor authentication',
  description: 'Enter your current password to turn off the sign-in codes.',
  failed: 'Failed to save settings. Please try again.',
} as const;

/**
 * Asks for the current password before two-factor sign-in is turned off (the server refuses
 * without it). Focus is trapped in the dialog and returns to the switch when it closes.
 */
export function TurnOffTwoFactorDialog({
  open,
  onOpenChange,
  onTurnedOff,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onTurnedOff: () => void;
  /** The switch that opened it (not a dialog trigger): it gets the focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [password, setPassword] = useState('');
  const { errors, general, clear, fail } = useFormErrors(TURN_OFF_TWO_FACTOR_TEXTS.failed);
  const save = useUpdateSettings();

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setPassword('');
      clear();
    }
    onOpenChange(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through the portal to the settings form around the switch.
    event.stopPropagation();
    clear();
    try {
      await save.mutateAsync({ two_factor: false, current_password: password });
      onTurnedOff();
      handleOpenChange(false);
    } catch (caught) {
      fail(caught, ['current_password']);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title={TURN_OFF_TWO_FACTOR_TEXTS.title}
      description={TURN_OFF_TWO_FACTOR_TEXTS.description}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
      footer={<DialogActions action="Turn off" variant="danger" form="turn-off-two-factor" loading={save.isPending} />}
    >
      <form id="turn-off-two-factor" noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-3">
        <PasswordField
          label="Current password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.current_password}
          autoFocus
        />
        {general ? <FormMessage tone="error">{general}</FormMessage> : null}
      </form>
    </Dialog>
  );
}
