import { errorSchema, fieldErrorsSchema, type FieldErrors } from '@alumlink/contract';
import { z } from 'zod';
import { validation } from './errors';

const NON_FIELD_ERRORS = 'non_field_errors';

/** Zod issues → DRF-style field errors (field = first path segment). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const first = issue.path[0];
    const field = typeof first === 'string' ? first : NON_FIELD_ERRORS;
    const messages = (fields[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}

/**
 * Parses input a route could not validate by schema (e.g. multipart fields); a 400 with field
 * errors when it does not fit.
 */
export function parseFields<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> {
  const result = schema.safeParse(input);
  if (!result.success) throw validation(zodFieldErrors(result.error));
  return result.data;
}

/** A 400 answer: field errors, or `{detail, code}` for a request that is malformed as a whole. */
export const badRequestSchema = z.union([fieldErrorsSchema, errorSchema]);
