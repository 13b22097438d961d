/**
 * fast-check arbitraries derived from a route's zod schema: values shaped
 * like the schema (so they get past the first checks and reach the services
 * and the database), whose strings are hostile and whose parts are now and
 * then of the wrong type altogether.
 */
import fc from 'fast-check';
import type { z } from 'zod';

/** Any UTF-16 code units, NUL and unpaired surrogates included. */
const codeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
});

/** Strings a hostile client sends, mixed with ordinary ones that may match real rows. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'Robin\u0000',
    '\uD800x',
    'x\uDC00',
    '😀',
    'FRIENDS20',
    'robin.rebook@example.com',
    '1',
    '',
    ' ',
    '../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    "'; drop table orders; --",
  ),
  codeUnits,
  fc.string(),
  fc.constant('x'.repeat(70_000)),
);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  hostileString,
  fc.constantFrom(null, -1, 0, 2 ** 31, 1e308, -0, 1.5, true, [], {}),
);

const numbers: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: -5, max: 100_000 }),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 10_001),
);

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

/** Values shaped like `schema`; depth bounds recursive schemas. */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, depth);
  return fc.oneof({ arbitrary: shaped, weight: 12 }, { arbitrary: junk, weight: 1 });
}

function shapedFor(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return junk;
  const inner = (child: z.ZodType) => arbitraryFor(child, depth + 1);
  switch (def.type) {
    case 'string':
      return hostileString;
    case 'number':
    case 'bigint':
      return numbers;
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = inner(shape[key]!);
      return fc.record(record, { requiredKeys: keys.filter(() => true) }).chain((value) =>
        // Now and then a required key goes missing.
        fc
          .subarray(keys, { minLength: Math.max(0, keys.length - 1) })
          .map((kept) => Object.fromEntries(kept.map((key) => [key, value[key]]))),
      );
    }
    case 'array':
      return fc.array(inner(def.element!), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(inner));
    case 'record':
      return fc.dictionary(
        fc.oneof(
          fc.integer({ min: 1, max: 12 }).map(String),
          hostileString.map((key) => key.slice(0, 30)),
        ),
        inner(def.valueType!),
        { maxKeys: 3 },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'intersection':
      return inner(def.left!);
    case 'optional':
      return fc.option(inner(def.innerType!), { nil: undefined });
    case 'nullable':
      return fc.option(inner(def.innerType!), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType!);
    case 'pipe':
      return inner(def.in!);
    case 'lazy':
      return inner(def.getter!());
    default:
      return junk;
  }
}
