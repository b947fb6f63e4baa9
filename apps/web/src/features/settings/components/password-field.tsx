import type { ChangeEvent } from 'react';
import { Field, Input } from '@/components/ui';

/** A labelled password input with its error; by default it asks for the current password. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  autoComplete = 'current-password',
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string | null;
  autoComplete?: 'current-password' | 'new-password';
  autoFocus?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      <Input type="password" autoComplete={autoComplete} value={value} onChange={onChange} autoFocus={autoFocus} />
    </Field>
  );
}
