/** Field name → messages, plus `non_field_errors` (the API's validation error body). */
export type FieldErrors = Record<string, string[]>;

function readFieldErrors(body: Record<string, unknown>): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail' || key === 'code') continue;
    if (Array.isArray(value)) {
      const messages = value.filter((item): item is string => typeof item === 'string');
      if (messages.length > 0) fieldErrors[key] = messages;
    } else if (typeof value === 'string' && key !== 'error') {
      fieldErrors[key] = [value];
    }
  }
  return fieldErrors;
}

/** An answer from the API with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number;
  /** The body's `detail` (or `error`) text, when it has one. */
  readonly detail: string | null;
  /** Stable snake_case code of the error, when the body has one. */
  readonly code: string | null;
  readonly fieldErrors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const detail = typeof record.detail === 'string' ? record.detail : typeof record.error === 'string' ? record.error : null;
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.detail = detail;
    this.code = typeof record.code === 'string' ? record.code : null;
    this.fieldErrors = readFieldErrors(record);
  }

  /**
   * The first field message, looking at the fields in `order` when given
   * (the specification's sign-up rule), otherwise in the body's own order.
   */
  firstFieldError(order?: readonly string[]): string | null {
    const keys = order ?? [...Object.keys(this.fieldErrors).filter((k) => k !== 'non_field_errors'), 'non_field_errors'];
    for (const key of keys) {
      const message = this.fieldErrors[key]?.[0];
      if (message) return message;
    }
    return null;
  }

  /** What a screen shows by default: the detail, else the first field message. */
  get serverMessage(): string | null {
    return this.detail ?? this.firstFieldError();
  }
}

/** The request got no answer at all (offline, DNS, CORS, server down). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
