import { isApiError } from '@/lib/api-client';

/** The API's field messages of a failed request (first one per field), or a general message. */
export function fieldErrorsOf(error: unknown, fallback: string): { fields: Record<string, string>; general: string | null } {
  if (!isApiError(error)) return { fields: {}, general: fallback };
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) if (messages[0]) fields[field] = messages[0];
  const general = Object.keys(fields).length > 0 ? null : (error.serverMessage ?? fallback);
  return { fields, general };
}
