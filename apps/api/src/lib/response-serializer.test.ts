import { postPageSchema } from '@alumlink/contract';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler, nullablesAsTypeLists, writeAnswersOf } from './response-serializer';

const post = (id: number) => ({
  id,
  caption: `Caption "${id}" with a quote, a backslash \\ and an emoji 🎉`,
  image: id % 2 ? null : `http://127.0.0.1/media/posts/${id}.webp`,
  created_at: '2026-11-26T10:00:00.000Z',
  likes_count: id * 3,
  comments_count: id,
  is_liked: id % 2 === 0,
  has_liked: id % 2 === 0,
  user: {
    id: 7,
    username: 'ada',
    email: '',
    first_name: 'Ada',
    last_name: 'Lovelace',
    handle: null,
    role: 'AL',
    image: null,
    profile: { profile_image: null },
    // Not in the contract: must never be written.
    password_hash: '$argon2id$secret',
  },
  deleted_at: null,
});
const page = { next: 'http://127.0.0.1/social/posts/?cursor=abc', previous: null, results: [post(1), post(2), post(3)] };

const compile = (checkWithZod: boolean, schema: z.ZodType) =>
  createResponseSerializerCompiler({ checkWithZod })({ schema, method: 'GET', url: '/test' });

describe('createResponseSerializerCompiler', () => {
  it("writes exactly what zod's serializer writes, without the properties the contract does not declare", () => {
    const expected = JSON.stringify(postPageSchema.parse(page));
    for (const checkWithZod of [false, true]) {
      const text = compile(checkWithZod, postPageSchema)(page);
      expect(text).toBe(expected);
      expect(text).not.toContain('password_hash');
      expect(text).not.toContain('deleted_at');
    }
  });

  it('refuses an answer that breaks its contract when checking (every environment but production)', () => {
    const broken = { ...page, results: [{ ...post(1), likes_count: 'many' }] };
    let thrown: unknown;
    try {
      compile(true, postPageSchema)(broken);
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('writes a nullable object (an offer without its owner, a request whose requester left) as zod does, never an undeclared property', () => {
    const person = z.object({ id: z.number().int(), handle: z.string().nullable(), year: z.number().int().nullable() });
    const request = z.object({ id: z.number().int(), requester: person.nullable(), owner: person.nullable() });
    const answers = [
      { id: 1, requester: { id: 2, handle: null, year: 2024, password_hash: 'secret' }, owner: null },
      { id: 3, requester: null, owner: { id: 4, handle: 'ada', year: null } },
    ];
    for (const checkWithZod of [false, true]) {
      for (const answer of answers) {
        const text = compile(checkWithZod, request)(answer);
        expect(text).toBe(JSON.stringify(request.parse(answer)));
        expect(text).not.toContain('password_hash');
      }
    }
  });

  it('writes a schema registered with writeAnswersOf by its own function, still checked by zod when checking', () => {
    const schema = z.object({ id: z.number().int() });
    const written: unknown[] = [];
    writeAnswersOf(schema, () => (value) => {
      written.push(value);
      return `{"id":${value.id}}`;
    });
    for (const checkWithZod of [false, true]) expect(compile(checkWithZod, schema)({ id: 5 })).toBe('{"id":5}');
    expect(written).toHaveLength(2);
    expect(() => compile(true, schema)({ id: 'five' })).toThrow();
    expect(written).toHaveLength(2);
  });

  it('writes `.nullable()` as a list of two types, so no branch is validated per answer', () => {
    const schema = { anyOf: [{ type: 'object', properties: { id: { type: 'integer' } } }, { type: 'null' }] };
    expect(nullablesAsTypeLists(schema)).toEqual({ type: ['object', 'null'], properties: { id: { type: 'integer' } } });
    expect(nullablesAsTypeLists({ anyOf: [{ type: 'null' }, { type: 'integer', minimum: 0 }] })).toEqual({
      type: ['integer', 'null'],
      minimum: 0,
    });
    // Alternatives that are not "one type or null" stay as they are.
    const union = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(nullablesAsTypeLists(union)).toEqual(union);
    const nullableEnum = { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] };
    expect(nullablesAsTypeLists(nullableEnum)).toEqual(nullableEnum);
  });

  it("keeps zod's own serializer for a schema with no JSON Schema form", () => {
    const dated = z.object({ at: z.date() });
    expect(compile(false, dated)({ at: new Date('2026-11-26T10:00:00.000Z'), extra: 1 })).toBe('{"at":"2026-11-26T10:00:00.000Z"}');
  });
});
