import fastJson from 'fast-json-stringify';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, toJSONSchema, type ZodType } from 'zod';

type SerializerInput = { schema: unknown; method: string; url: string };
type Serialize = (data: unknown) => string;

/** The type provider's own: zod checks (and encodes) the answer, then JSON.stringify. */
const zodSerializerCompiler = createSerializerCompiler({});

/**
 * The fast-json-stringify function of each zod schema (null: no JSON Schema form), compiled once per
 * process: the function depends on the schema alone, and the contract's schemas are module
 * constants. Compiling them was about 40 % of the CPU of building an app, which the tests do for
 * every test file in the same worker (decision record 040).
 */
const compiled = new WeakMap<ZodType, Serialize | null>();

function fastSerializer(schema: ZodType): Serialize | null {
  let fast = compiled.get(schema);
  if (fast === undefined) {
    const written = writtenBy.get(schema);
    try {
      fast = written ? written() : fastJsonOf(schema);
    } catch {
      fast = null;
    }
    compiled.set(schema, fast);
  }
  return fast;
}

/**
 * The fast-json-stringify function of a zod schema, as the routes' answers are written (throws
 * for a schema with no JSON Schema form), for a serializer that writes an answer in pieces.
 */
export function fastJsonOf<T>(schema: ZodType<T>): (value: T) => string {
  return fastJson(nullablesAsTypeLists(toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as object);
}

/** Serializers written for a schema (writeAnswersOf), made when a route first needs them. */
const writtenBy = new WeakMap<ZodType, () => Serialize>();

/**
 * Has every route answering `schema` write it with the function `make` makes instead of the one
 * compiled from the schema: for an answer cheaper written in pieces (the same text, as its tests
 * show). Zod still checks each answer where the compiler is told to (checkWithZod). Call before
 * the routes are built.
 */
export function writeAnswersOf<T>(schema: ZodType<T>, make: () => (value: T) => string): void {
  writtenBy.set(schema, make as () => Serialize);
}

type JsonSchemaNode = { [key: string]: unknown };

const isNode = (value: unknown): value is JsonSchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON Schema with each `anyOf: [S, {type: 'null'}]` (zod's `.nullable()`, either order) written
 * as S with `type: [S.type, 'null']`, when S has one type and no alternatives of its own.
 * fast-json-stringify serialises an `anyOf` by running an ajv validation of each branch against the
 * value, on every answer (a request's requester, its offer's owner: their whole object, every
 * property checked), and throws when an object holds a property the contract does not declare;
 * for a list of types it checks the value's JavaScript type and writes the declared properties
 * only, as everywhere else. Same text for every answer the contract allows.
 */
export function nullablesAsTypeLists(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullablesAsTypeLists);
  if (!isNode(node)) return node;
  const rewritten: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) rewritten[key] = nullablesAsTypeLists(value);
  const branches = rewritten.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(rewritten).length !== 1) return rewritten;
  const nullAt = branches.findIndex((branch) => isNode(branch) && branch.type === 'null' && Object.keys(branch).length === 1);
  const other: unknown = branches[1 - nullAt];
  if (nullAt === -1 || !isNode(other) || typeof other.type !== 'string' || other.type === 'null') return rewritten;
  if ('anyOf' in other || 'oneOf' in other || 'allOf' in other || 'enum' in other || 'const' in other) return rewritten;
  return { ...other, type: [other.type, 'null'] };
}

/**
 * Response serialisation compiled once per route and status from its zod schema into a
 * fast-json-stringify function (decision record 023): it writes only the properties the schema
 * declares, like zod's default stripping, without building a checked copy of the answer first.
 * A schema with no JSON Schema form (a transform, a custom check) keeps zod's serializer.
 *
 * `checkWithZod` (every environment but production) also runs zod on each answer and refuses one
 * that breaks its contract with a 500, as before, so the tests catch a presenter that drifts;
 * production trusts the presenters and skips that copy.
 */
export function createResponseSerializerCompiler(options: { checkWithZod: boolean }) {
  return (input: SerializerInput): Serialize => {
    const schema = input.schema as ZodType;
    const fast = fastSerializer(schema);
    if (!fast) return zodSerializerCompiler(input as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    if (!options.checkWithZod) return fast;
    return (data) => {
      const checked = safeEncode(schema, data);
      if (checked.error) throw new ResponseSerializationError(input.method, input.url, { cause: checked.error });
      return fast(data);
    };
  };
}
