// What every answer of the API must look like, whatever a client sent.
import type { LightMyRequestResponse } from 'fastify';
import { schemaProblems, type Operation } from './openapi';

/** `{detail, code}`: both strings, nothing else. */
export function isApiError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body).sort();
  const record = body as Record<string, unknown>;
  return keys.join(',') === 'code,detail' && typeof record.detail === 'string' && typeof record.code === 'string';
}

/** DRF-style field errors: `{field: ["message", ...], ...}`, at least one field. */
export function isFieldErrors(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const values = Object.values(body);
  return (
    values.length > 0 &&
    values.every((messages) => Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string' && m !== ''))
  );
}

const STACK_TRACE = /\bat [\w.<>]+ \(.*:\d+:\d+\)|node_modules\/|\/src\/.*\.ts:\d+/;

/**
 * Problems with one answer (empty when it is fine): never 5xx, never a stack trace; errors are
 * `{detail, code}` or field errors; a success matches the schema the route declares for it.
 */
export function answerProblems(operation: Operation | null, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`status ${status}`);
  if (STACK_TRACE.test(response.body)) problems.push('stack trace in the body');
  if (response.body === '') {
    if (status >= 300) problems.push(`empty ${status} answer`);
    return problems;
  }
  // A success the route declares without JSON content (the dev mailbox page) is not JSON.
  if (status < 300 && operation?.responses.get(status) === null) return problems;
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) return [...problems, `content-type ${contentType || 'missing'}`];
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [...problems, 'body is not JSON'];
  }
  if (status >= 400) {
    if (!isApiError(body) && !(status === 400 && isFieldErrors(body))) {
      problems.push(`error body is neither {detail, code} nor field errors: ${response.body.slice(0, 200)}`);
    }
    return problems;
  }
  if (!operation) return problems;
  if (!operation.responses.has(status)) return [...problems, `status ${status} is not declared by the route`];
  const schema = operation.responses.get(status);
  if (schema) problems.push(...schemaProblems(schema, body).slice(0, 5));
  return problems;
}
