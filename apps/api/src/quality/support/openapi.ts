// Reads the app's own OpenAPI document: the list of operations the quality tests walk through.
import type { App } from '../../app';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) the zod transform emits. */
export type JsonSchema = {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  default?: unknown;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema };

export type Operation = {
  method: HttpMethod;
  /** OpenAPI path, e.g. `/social/posts/{id}/like/`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body schema when the route declares one. */
  jsonBody: JsonSchema | null;
  /** Summary and description, where routes say which content types they take. */
  summary: string;
  /** Declared responses: status → JSON schema (null when the response has no JSON content). */
  responses: Map<number, JsonSchema | null>;
};

type RawOperation = {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every operation of the OpenAPI document (HEAD and OPTIONS left out: Fastify derives them). */
export async function listOperations(app: App): Promise<Operation[]> {
  await app.ready();
  const document = app.swagger() as { paths?: Record<string, Record<string, RawOperation>> };
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths ?? {})) {
    for (const [lowerMethod, raw] of Object.entries(byMethod)) {
      const method = lowerMethod.toUpperCase() as HttpMethod;
      if (!METHODS.includes(method)) continue;
      const content = raw.requestBody?.content ?? {};
      const responses = new Map<number, JsonSchema | null>();
      for (const [status, response] of Object.entries(raw.responses ?? {})) {
        responses.set(Number(status), response.content?.['application/json']?.schema ?? null);
      }
      operations.push({
        method,
        path,
        parameters: raw.parameters ?? [],
        jsonBody: content['application/json']?.schema ?? null,
        summary: `${raw.summary ?? ''} ${raw.description ?? ''}`.trim(),
        responses,
      });
    }
  }
  return operations;
}

/** `GET /a/{id}/` → `GET /a/{id}/`: the key tables in the tests use. */
export const operationKey = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;

function typeMatches(type: JsonSchema['type'], value: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'null':
      return value === null;
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
    case 'boolean':
      return typeof value === type;
  }
}

/**
 * Problems of `value` against `schema` (empty when it conforms). Covers what zod emits for
 * responses: type, nullable, enum, required, properties, additionalProperties, items, anyOf.
 */
export function schemaProblems(schema: JsonSchema, value: unknown, at = '$'): string[] {
  if (value === null && schema.nullable) return [];
  if (schema.anyOf ?? schema.oneOf) {
    const options = schema.anyOf ?? schema.oneOf ?? [];
    return options.some((option) => schemaProblems(option, value, at).length === 0) ? [] : [`${at}: matches no option`];
  }
  if (schema.allOf) return schema.allOf.flatMap((part) => schemaProblems(part, value, at));
  if (schema.enum && !schema.enum.some((allowed) => allowed === value)) return [`${at}: ${JSON.stringify(value)} not in enum`];
  if (!typeMatches(schema.type, value)) return [`${at}: expected ${schema.type}, got ${JSON.stringify(value)?.slice(0, 80)}`];
  const problems: string[] = [];
  if (schema.type === 'object' && typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) problems.push(`${at}.${key}: missing`);
    for (const [key, child] of Object.entries(record)) {
      const declared = schema.properties?.[key];
      if (declared) problems.push(...schemaProblems(declared, child, `${at}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${key}: not declared`);
      else if (typeof schema.additionalProperties === 'object') {
        problems.push(...schemaProblems(schema.additionalProperties, child, `${at}.${key}`));
      }
    }
  }
  if (schema.type === 'array' && Array.isArray(value) && schema.items) {
    const items = schema.items;
    value.forEach((item, index) => problems.push(...schemaProblems(items, item, `${at}[${index}]`)));
  }
  return problems;
}
