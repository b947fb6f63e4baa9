import { useState, type FormEvent, type RefObject } from 'react';
import { Button, Dialog, DialogClose, Field, FormMessage, Input } from '@/components/ui';
import { useUpdateSettings } from '../api/update-settings';
import { fieldErrorsOf } from './field-errors';

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
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const save = useUpdateSettings();

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setPassword('');
      setError(null);
      setGeneral(null);
    }
    onOpenChange(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through the portal to the settings form around the switch.
    event.stopPropagation();
    setError(null);
    setGeneral(null);
    try {
      await save.mutateAsync({ two_factor: false, current_password: password });
      onTurnedOff();
      handleOpenChange(false);
    } catch (caught) {
      const { fields, general: message } = fieldErrorsOf(caught, TURN_OFF_TWO_FACTOR_TEXTS.failed);
      setError(fields.current_password ?? null);
      setGeneral(fields.current_password ? null : (message ?? TURN_OFF_TWO_FACTOR_TEXTS.failed));
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
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="turn-off-two-factor" variant="danger" loading={save.isPending}>
            Turn off
          </Button>
        </>
      }
    >
      <form id="turn-off-two-factor" noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-3">
        <Field label="Current password" error={error}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus
          />
        </Field>
        {general ? <FormMessage tone="error">{general}</FormMessage> : null}
      </form>
    </Dialog>
  );
}
