import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

// How answers with a response schema become JSON (docs/decisions/035). The zod schema of every answer
// is compiled once into a writer that emits exactly what the schema names, in the schema's key order,
// and leaves out whatever else a service's object holds, as zod's encode does, without checking each
// value again: zod's encode plus JSON.stringify was a fifth of a list read's time.
//
// Under tests (NODE_ENV=test) every answer is still encoded by zod, which refuses one that does not fit
// its schema, and the writer's text must equal zod's output to the byte: a schema the writer cannot
// follow fails the test that sends it, never a production answer.

type Write = (value: unknown) => string | undefined;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values zod's encode hands back as they are: JSON.stringify writes them as zod's output would be. */
const AS_THEY_ARE = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'enum',
  'literal',
  'date',
  'any',
  'unknown',
]);

/**
 * An answer already written as JSON text, for a read too large to build as objects first (the RSVP
 * overview's season: 4,000 answer rows, docs/decisions/050, its update). The serializer sends its
 * text as it is; under tests it must be what zod's encode of the parsed text writes, to the byte, so
 * a text that misses a key, holds one the schema does not name, puts keys out of the schema's order
 * or escapes a string otherwise than JSON.stringify fails the test that sends it, as any answer would.
 */
export class JsonText {
  constructor(
    readonly text: string,
    /** Where the text's gzipped bytes are kept once made, when the text itself is kept (a list's answer). */
    readonly compressed?: KeptCompression,
  ) {}
}

/** The gzipped bytes of one kept answer text, filled by the signed-in scope the first time it sends them. */
export interface KeptCompression {
  gzipped?: Buffer;
}

/**
 * `text` as the answer of a route whose response schema is `schema`: typed as that schema's answer so
 * the route's handler may return it (the serializer knows it for what it is). `compressed` keeps the
 * text's gzipped bytes for the next answer of the same text.
 */
export const jsonAnswer = <S extends z.ZodType>(
  _schema: S,
  text: string,
  compressed?: KeptCompression,
): z.output<S> => new JsonText(text, compressed) as unknown as z.output<S>;

/** What JSON.stringify escapes in a string: quotes, backslashes, control characters and surrogates. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A value written as JSON.stringify writes it, without a call into it for the common cases: a string
 * with nothing to escape, a finite number, a boolean. (A list of 200 games has 3,000 such values.)
 */
export function writeLeaf(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return JSON.stringify(value);
  }
}

function zodWriter(schema: z.ZodType): Write {
  return (value) => JSON.stringify(z.encode(schema, value as never));
}

/** The writer of one schema; the parts it does not know (unions, transforms, records) go through zod. */
export function compileWriter(schema: z.ZodType): Write {
  const def = defOf(schema);
  if (AS_THEY_ARE.has(def.type)) return writeLeaf;
  switch (def.type) {
    case 'optional': {
      const inner = compileWriter(def.innerType as z.ZodType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable': {
      const inner = compileWriter(def.innerType as z.ZodType);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'readonly':
      return compileWriter(def.innerType as z.ZodType);
    case 'array': {
      const element = compileWriter(def.element as z.ZodType);
      return (value) => {
        if (!Array.isArray(value)) return zodWriter(schema)(value);
        let out = '[';
        for (let i = 0; i < value.length; i += 1) {
          if (i > 0) out += ',';
          out += element(value[i]) ?? 'null';
        }
        return `${out}]`;
      };
    }
    case 'object': {
      // A loose object keeps keys its shape does not name: zod knows which.
      if (def.catchall && defOf(def.catchall).type !== 'never') return zodWriter(schema);
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => ({
        key,
        prefix: `${JSON.stringify(key)}:`,
        write: compileWriter(field),
      }));
      return (value) => {
        if (value === null || typeof value !== 'object') return zodWriter(schema)(value);
        const record = value as Record<string, unknown>;
        let out = '{';
        let first = true;
        for (const { key, prefix, write } of fields) {
          const text = write(record[key]);
          if (text === undefined) continue;
          out += first ? prefix : `,${prefix}`;
          out += text;
          first = false;
        }
        return `${out}}`;
      };
    }
    default:
      return zodWriter(schema);
  }
}

/** The serializer compiler of the app: the compiled writer, checked against zod's output under tests. */
export function responseSerializerCompiler(
  checked: boolean,
): FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> {
  return ({ schema: given, method, url }) => {
    // As fastify-type-provider-zod takes it: the schema, or one under `properties`.
    const schema = given instanceof z.ZodType ? given : given.properties;
    const write = compileWriter(schema);
    if (!checked) return (data) => (data instanceof JsonText ? data.text : (write(data) ?? ''));
    return (data) => {
      if (data instanceof JsonText) {
        const encoded = z.safeEncode(schema, JSON.parse(data.text) as never);
        if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
        const expected = JSON.stringify(encoded.data);
        if (data.text !== expected) {
          throw new Error(
            `The answer of ${method} ${url} written as JSON text differs from zod's output:\n${data.text}\n${expected}`,
          );
        }
        return expected;
      }
      const encoded = z.safeEncode(schema, data as never);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const expected = JSON.stringify(encoded.data);
      const written = write(data) ?? '';
      if (written !== expected) {
        throw new Error(
          `The answer of ${method} ${url} written from its schema differs from zod's output:\n${written}\n${expected}`,
        );
      }
      return expected;
    };
  };
}
