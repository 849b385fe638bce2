import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileWriter,
  jsonAnswer,
  responseSerializerCompiler,
} from '../../src/server/plugins/response-serializer.ts';

// The compiled writer sends production's answers without zod (docs/decisions/035): its text must be
// zod's encode plus JSON.stringify, to the byte, including what zod leaves out. Every API test checks
// the real answers the same way (NODE_ENV=test).

const player = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string().nullable(),
  jersey: z.number().optional(),
  tags: z.array(z.enum(['keeper', 'captain'])),
  kind: z.literal('player'),
  contact: z.union([z.object({ email: z.string() }), z.object({ phone: z.string() })]).nullable(),
  born: z.iso.date(),
});

const zodText = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));
const serializer = (schema: z.ZodType, checked: boolean) =>
  responseSerializerCompiler(checked)({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('the compiled response writer', () => {
  const value = {
    name: 'Ana "the wall" \u2028',
    id: 7,
    nickname: null,
    tags: ['keeper'],
    kind: 'player',
    contact: { email: 'a@example.com', password_hash: 'secret' },
    born: '2016-04-01',
    // Not in the schema: left out, as zod leaves it out.
    password_hash: 'secret',
    jersey: undefined,
  };

  it("writes zod's output: the schema's key order, optional keys left out, unknown keys dropped", () => {
    const written = compileWriter(z.array(player))([value, { ...value, jersey: 9, contact: null }]);
    expect(written).toBe(zodText(z.array(player), [value, { ...value, jersey: 9, contact: null }]));
    expect(written).not.toContain('secret');
  });

  it('under tests, refuses an answer that does not fit its schema', () => {
    expect(() => serializer(player, true)({ ...value, id: 'seven' })).toThrow();
    expect(serializer(player, true)(value)).toBe(zodText(player, value));
  });

  it('writes strings, numbers and booleans as JSON.stringify does, whatever they hold', () => {
    const leaves = z.array(z.union([z.string(), z.number(), z.boolean()]));
    const strings = [
      '',
      'plain',
      'quote " and backslash \\',
      'control \u0000 \u0001 \n \t \u001f \u007f',
      'emoji \u{1F3C6} pair',
      'lone \ud83c surrogate',
      'lone \udfc6 low',
      'line \u2028 separator',
      'é ñ 中',
    ];
    const numbers = [0, -0, 1.5, -7, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.NaN, Infinity, -Infinity];
    for (const value of [...strings, ...numbers, true, false]) {
      expect(compileWriter(z.string())(value), String(value)).toBe(JSON.stringify(value));
      expect(compileWriter(z.array(z.number()))([value]), String(value)).toBe(JSON.stringify([value]));
    }
    expect(compileWriter(leaves)(strings)).toBe(JSON.stringify(strings));
  });

  it('in production, writes without checking', () => {
    expect(serializer(z.object({ id: z.number() }), false)({ id: 'seven', other: 1 })).toBe('{"id":"seven"}');
  });

  describe('an answer written as JSON text (jsonAnswer)', () => {
    const event = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() });
    const written = (text: string, checked: boolean) =>
      serializer(z.array(event), checked)(jsonAnswer(z.array(event), text));

    it('is sent as it is', () => {
      const text = '[{"id":1,"name":"Ana \\"A\\"","note":null}]';
      expect(written(text, true)).toBe(text);
      expect(written(text, false)).toBe(text);
    });

    it("under tests, must be zod's output to the byte", () => {
      for (const text of [
        '[{"id":1,"name":"Ana"}]', // a key missing
        '[{"id":"1","name":"Ana","note":null}]', // a value of another type
        '[{"id":1,"name":"Ana","note":null,"secret":"x"}]', // a key the schema does not name
        '[{"name":"Ana","id":1,"note":null}]', // out of the schema's order
        '[{"id":1,"name":"\\u0041na","note":null}]', // escaped otherwise than JSON.stringify
        '[{"id":1, "name":"Ana","note":null}]', // spaced
      ]) {
        expect(() => written(text, true), text).toThrow();
      }
    });
  });
});
