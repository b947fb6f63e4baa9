import type { ApiError, FieldErrors } from '@alumlink/contract';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { AppError, isDatabaseUnavailable, isUniqueViolation, postgresErrorCode } from './errors';

export const NON_FIELD_ERRORS = 'non_field_errors';

/** Default answer for a path nothing serves. */
export const NOT_FOUND_BODY: ApiError = { detail: 'Not found.', code: 'not_found' };

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Known Fastify errors with the answer a client should see. */
const FASTIFY_ERRORS: Record<string, { status: number; body: ApiError }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, body: { detail: 'Malformed JSON in request body.', code: 'invalid_json' } },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    body: { detail: "Body cannot be empty when content-type is set to 'application/json'.", code: 'invalid_json' },
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, body: { detail: 'Request body is too large.', code: 'too_large' } },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    body: { detail: 'Unsupported media type in request.', code: 'unsupported_media_type' },
  },
};

/** Turns schema validation issues into DRF-style field errors (field = first path segment). */
export function toFieldErrors(issues: readonly FastifySchemaValidationError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').find((segment) => segment !== '') ?? NON_FIELD_ERRORS;
    const message = issue.message ?? 'Invalid value.';
    const messages = (fields[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return fields;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('code' in error || 'statusCode' in error || 'validation' in error);
}

function ensureRetryAfter(reply: FastifyReply, seconds = 60): void {
  if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(seconds));
}

/**
 * The one error handler: AppError → its status and `{detail, code}` (or field errors),
 * validation → 400 field errors, Fastify client errors → their status, unique violations → 409,
 * anything else → 500 with the message hidden and the error logged with the request id.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) ensureRetryAfter(reply, error.retryAfterSeconds);
    else if (error.status === 429) ensureRetryAfter(reply);
    else if (error.status === 503) ensureRetryAfter(reply, 5);
    if (error.fields) return reply.status(error.status).send(error.fields);
    return reply.status(error.status).send({ detail: error.detail, code: error.code } satisfies ApiError);
  }

  if (isFastifyError(error)) {
    if (error.validation) return reply.status(400).send(toFieldErrors(error.validation));
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(known.body);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) ensureRetryAfter(reply);
      const code = CODE_BY_STATUS[status] ?? 'bad_request';
      return reply.status(status).send({ detail: error.message, code } satisfies ApiError);
    }
  }

  if (isUniqueViolation(error)) {
    return reply.status(409).send({ detail: 'This conflicts with existing data.', code: 'conflict' } satisfies ApiError);
  }

  // SQLSTATE class 22 (data exception): the database refused a value the client sent that
  // validation let through, e.g. a NUL character in text (22021) or a number out of range (22003).
  if (postgresErrorCode(error)?.startsWith('22')) {
    request.log.warn({ err: error }, 'Input refused by the database');
    return reply.status(400).send({ detail: 'Invalid input.', code: 'invalid' } satisfies ApiError);
  }

  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'Database unavailable');
    reply.header('retry-after', '5');
    return reply
      .status(503)
      .send({ detail: 'The service is temporarily unavailable. Try again shortly.', code: 'unavailable' } satisfies ApiError);
  }

  request.log.error({ err: error }, 'Unhandled error');
  return reply.status(500).send({ detail: 'Internal server error', code: 'internal' } satisfies ApiError);
}
