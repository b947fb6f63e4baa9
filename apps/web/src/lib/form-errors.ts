import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from './api-errors';

/**
 * Puts the API's first message for each of `fields` under that field of a react-hook-form form;
 * true when at least one field got a message.
 */
export function setApiFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: ApiError,
  fields: readonly Path<T>[],
): boolean {
  let shown = false;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) {
      setError(field, { message });
      shown = true;
    }
  }
  return shown;
}
