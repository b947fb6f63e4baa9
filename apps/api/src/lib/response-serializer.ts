import fastJson from 'fast-json-stringify';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, toJSONSchema, type ZodType } from 'zod';

type SerializerInput = { schema: unknown; method: string; url: string };
type Serialize = (data: unknown) => string;

/** The type provider's own: zod checks (and encodes) the answer, then JSON.stringify. */
const zodSerializerCompiler = createSerializerCompiler({});

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
    let fast: Serialize;
    try {
      fast = fastJson(toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as object);
    } catch {
      return zodSerializerCompiler(input as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    }
    if (!options.checkWithZod) return fast;
    return (data) => {
      const checked = safeEncode(schema, data);
      if (checked.error) throw new ResponseSerializationError(input.method, input.url, { cause: checked.error });
      return fast(data);
    };
  };
}
