import type { FieldErrors } from '@alumlink/contract';

/**
 * An error meant for the client: the error handler answers `{detail, code}` with `status`
 * (or, for validation errors, the field errors body).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    /** Stable snake_case code clients may switch on. */
    readonly code: string,
    detail: string,
    /** Only for status 400 validation errors: `{field: [messages], non_field_errors: [...]}`. */
    readonly fields?: FieldErrors,
  ) {
    super(detail);
  }

  /** Seconds for the Retry-After header of a 429 or 503 answer (the error handler's default otherwise). */
  retryAfterSeconds?: number;

  get detail(): string {
    return this.message;
  }
}

export const badRequest = (detail = 'Bad request.', code = 'bad_request') => new AppError(400, code, detail);
export const unauthorized = (detail = 'Authentication credentials were not provided.', code = 'not_authenticated') =>
  new AppError(401, code, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.', code = 'permission_denied') =>
  new AppError(403, code, detail);
export const notFound = (detail = 'Not found.', code = 'not_found') => new AppError(404, code, detail);
export const conflict = (detail = 'This conflicts with existing data.', code = 'conflict') => new AppError(409, code, detail);
export const tooLarge = (detail = 'Request is too large.', code = 'too_large') => new AppError(413, code, detail);
export const tooManyRequests = (detail = 'Too many requests. Please try again later.', code = 'rate_limited') =>
  new AppError(429, code, detail);

/** 503 `{detail, code: 'busy'}` with Retry-After: a bounded queue is full; the request itself was fine. */
export function serverBusy(retryAfterSeconds: number, detail = 'The server is busy. Please try again in a moment.'): AppError {
  const error = new AppError(503, 'busy', detail);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/**
 * 400 with DRF-style field errors, e.g. `validation({ email: ['Enter a valid email address.'] })`
 * or `validation({ non_field_errors: ['Invalid OTP.'] })`.
 */
export const validation = (fields: FieldErrors) => new AppError(400, 'invalid', 'Invalid input.', fields);

/** SQLSTATE of a PostgreSQL error (Drizzle wraps driver errors, so the cause is checked too). */
export function postgresErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'connection terminated',
  'connect econnrefused',
  'the database system is starting up',
  'the database system is shutting down',
  'terminating connection due to administrator command',
  // node-postgres, on a client whose connection broke (e.g. a transaction's, cut by a restart).
  'is not queryable',
  // node-postgres's query_timeout: no answer at all from a hung server (db/client.ts).
  'query read timeout',
];

/**
 * Socket errors of a connection to the database that is refused, reset or unreachable, and the
 * pipelined client's own (postgres.js's connection errors and db/pipelined-client.ts's timeout).
 */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'DATABASE_ANSWER_TIMEOUT',
]);

/**
 * True when the database cannot be reached right now (pool exhausted or timed out, server down or
 * restarting): SQLSTATE classes 08 (connection exception) and 57P (operator intervention), or the
 * driver's own connection errors. The request was not the problem, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = postgresErrorCode(error);
  if (code && (code.startsWith('08') || code.startsWith('57P'))) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth += 1) {
    const message = current.message.toLowerCase();
    if (UNAVAILABLE_MESSAGES.some((known) => message.includes(known))) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(String((current as { code?: unknown }).code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True for a unique violation (23505), e.g. to turn a race on sign-up into a clean 409. */
export function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === '23505';
}
