import fc from 'fast-check';
import type { JsonSchema } from './routes';

/** Runs per property; FUZZ_RUNS raises it for a deeper (slower) search. */
export const fuzzRuns = (runs: number) => {
  const asked = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(asked) && asked > 0 ? asked : runs;
};

/** Texts that have broken parsers, databases and file systems before. */
export const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  'zero\u200Bwidth\uFEFF',
  '👩‍👩‍👧‍👦💸',
  '\uD800',
  'x\uDFFFy',
  'İıßﬀ',
  "' OR 1=1 --",
  "1'; DROP TABLE users; --",
  '1 UNION SELECT password FROM users',
  '%',
  '%%',
  '\\',
  '_%_',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/dev/zero',
  '<script>alert(1)</script>',
  '$'.concat('{7*7}{{7*7}}'),
  '=HYPERLINK("http://x")',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '-1e309',
  '0x10',
  '1_000',
  '99999999999999999999999',
  '9007199254740993',
  '2147483648',
  '-1',
  '-100.50',
  '0.001',
  '12.345',
  '1,000',
  '₹100',
  'true',
  'null',
  'undefined',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '275760-09-14',
  '2026-11-21T25:00:00Z',
] as const;

/** Numbers JSON can carry that no field wants: huge, negative, fractional, zero. */
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  -0.01,
  0.001,
  1.5,
  2 ** 31,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e21,
  5e-324,
] as const;

/** Keys that poison prototypes or confuse object handling. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
] as const;

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXTS).map((text) => text.repeat(2000)) },
);

/** Any JSON value a client could send where a field is expected: scalars, wrong types, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 5, arbitrary: hostileText },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom('a', ...HOSTILE_KEYS), tie('value'), { maxKeys: 3 }),
    },
  ),
})).value;

const plainType = (schema: JsonSchema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type ?? schema.anyOf?.map(plainType).find(Boolean);
};

/** A value the field could plausibly take, so the hostile ones around it reach deeper checks. */
export const plausibleValue = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> => {
  if (!schema) return fc.constant('1');
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (plainType(schema)) {
    case 'integer':
    case 'number':
      return fc.constantFrom(1, 2, 100, 1000);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausibleValue(schema.items), { maxLength: 2 });
    case 'object':
      return fc.constant({});
    default:
      return fc.constantFrom('1', '100', 'Asha Verma', '2026-11-21', 'cash', 'a@example.com');
  }
};

/** Entries `[key, value]` around the schema: each field plausible, hostile or absent, plus strays. */
export const entriesAround = (schema: JsonSchema | undefined): fc.Arbitrary<[string, unknown][]> => {
  const properties = Object.entries(schema?.properties ?? {});
  const fields = properties.map(([key, property]) =>
    fc.oneof(
      {
        weight: 2,
        arbitrary: plausibleValue(property).map((value) => [[key, value]] as [string, unknown][]),
      },
      { weight: 3, arbitrary: hostileValue.map((value) => [[key, value]] as [string, unknown][]) },
      { weight: 1, arbitrary: fc.constant([] as [string, unknown][]) },
      // A duplicated field: JSON keeps the last one, forms may keep either.
      {
        weight: 1,
        arbitrary: fc.tuple(hostileValue, plausibleValue(property)).map(
          ([first, second]) =>
            [
              [key, first],
              [key, second],
            ] as [string, unknown][],
        ),
      },
    ),
  );
  const strays = fc.array(fc.tuple(fc.constantFrom('extra', ...HOSTILE_KEYS), hostileValue), {
    maxLength: 2,
  });
  return fc.tuple(fc.tuple(...fields), strays).map(([chosen, extra]) => [...chosen.flat(), ...extra]);
};

/** JSON text of the entries, keeping duplicate and `__proto__` keys as sent (JSON.stringify would not). */
export const jsonObjectText = (entries: [string, unknown][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;

/** Percent-encodes like a browser, but lone surrogates go out as the raw (invalid UTF-8) bytes. */
export const encodeQueryPart = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return Buffer.from(text, 'latin1').toString('hex').replace(/(..)/g, '%$1');
  }
};

/** A path parameter: often a plausible id (to reach the handler), else out of range or not an id. */
export const paramValue = (numeric: boolean): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('1', '2', '3') },
    {
      weight: 2,
      arbitrary: fc.constantFrom('0', '00', '2147483648', '99999999999999999999', '9007199254740993'),
    },
    {
      weight: numeric ? 1 : 3,
      arbitrary: hostileText.filter((text) => text.length < 500).map(encodeQueryPart),
    },
  );

/** Query pairs around the schema, duplicate keys and `key[]=` arrays included, as a `?…` string. */
export const queryAround = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
  fc
    .tuple(entriesAround(schema), fc.boolean())
    .map(([entries, bracketed]) =>
      entries
        .flatMap(([key, value]) =>
          Array.isArray(value)
            ? value.map((item) => `${encodeQueryPart(key)}${bracketed ? '[]' : ''}=${encodeQueryPart(item)}`)
            : [`${encodeQueryPart(key)}=${encodeQueryPart(value)}`],
        )
        .join('&'),
    )
    .map((query) => (query ? `?${query}` : ''));
