import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
const SIMPLE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/**
 * A route's zod response schema as the JSON Schema fast-json-stringify compiles. Zod writes `.nullable()` as
 * `anyOf [T, null]`, which fast-json-stringify can only serialize by validating each branch at run time; a
 * nullable plain type becomes `type: [T, 'null']` instead (the same output, without the validation).
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && SIMPLE_TYPES.has(other.type) && !other.anyOf) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function zodSchemaOf(maybe: unknown): z.ZodType {
  if (maybe instanceof z.ZodType) return maybe;
  const props = (maybe as { properties?: unknown } | null)?.properties;
  if (props instanceof z.ZodType) return props;
  throw new Error(`a response schema must be a zod schema: ${JSON.stringify(maybe)}`);
}

type Stringify = (data: unknown) => string;

/**
 * Compiled serializers by schema. A compiled function depends on the schema alone, so apps built in one process
 * share it: each test file builds its own app, and compiling every route's serializer again took about 1.3 s of
 * CPU per file (the response schemas are module constants, the same objects for every app).
 */
const compiled = new WeakMap<z.ZodType, Stringify>();

function compiledStringify(schema: z.ZodType): Stringify {
  let stringify = compiled.get(schema);
  if (!stringify) {
    stringify = fastJson(responseJsonSchema(schema) as never) as Stringify;
    compiled.set(schema, stringify);
  }
  return stringify;
}

/**
 * The serializer of every route's answer: fast-json-stringify compiled once per route and status from the
 * route's zod response schema. Only the fields of the schema are written, so a column the schema does not name
 * never leaks. With `check` (the test suite) every answer is also checked by zod as before and the two outputs
 * must agree, so the whole suite keeps the compiled serializer honest; a difference is a 500, like a response
 * zod refuses.
 */
export function createSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema: maybe, method, url }) => {
    const schema = zodSchemaOf(maybe);
    const stringify = compiledStringify(schema);
    if (!options.check) return (data) => stringify(data);
    return (data) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const fast = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(JSON.stringify(parsed.data)))) {
        const cause = new z.ZodError([
          {
            code: 'custom',
            path: [],
            message: `the compiled serializer wrote ${fast}, zod ${JSON.stringify(parsed.data)}`,
            input: data,
          },
        ]);
        throw new ResponseSerializationError(method, url, { cause });
      }
      return fast;
    };
  };
}
