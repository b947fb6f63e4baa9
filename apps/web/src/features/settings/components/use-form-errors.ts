import { useState } from 'react';
import { fieldErrorsOf } from './field-errors';

/**
 * The errors of an account form: one message per field (the API's) and one for the whole form.
 * `failed` is the form's message when the answer names no field.
 */
export function useFormErrors(failed: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const clear = () => {
    setErrors({});
    setGeneral(null);
  };

  /**
   * Shows why a request failed. With `shown`, the fields the form draws: a refusal that names
   * none of them is told in the form's message instead.
   */
  const fail = (caught: unknown, shown?: readonly string[]) => {
    const { fields, general: message } = fieldErrorsOf(caught, failed);
    if (!shown) {
      setErrors(fields);
      setGeneral(message);
      return;
    }
    const drawn = Object.fromEntries(Object.entries(fields).filter(([field]) => shown.includes(field)));
    setErrors(drawn);
    setGeneral(Object.keys(drawn).length > 0 ? null : (message ?? failed));
  };

  return { errors, general, setErrors, clear, fail };
}
