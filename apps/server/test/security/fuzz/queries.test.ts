import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { createHarness, isNumericParam, pathOf } from './harness';
import { fuzzRuns, paramValue, queryAround } from './hostile';
import { fuzzApp } from './routes';

const fuzz = await fuzzApp();
afterAll(() => fuzz.t.close());
const harness = await createHarness(fuzz);
const reads = fuzz.routes.filter((route) => route.method === 'GET');
const withParams = fuzz.routes.filter((route) => route.params.length > 0);

const paramsOf = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((name) => [name, paramValue(isNumericParam(name))])));

describe('query strings generated around each read route’s schema', () => {
  it('covers every read route the app registers', () => {
    if (reads.length < 60) throw new Error(`only ${reads.length} read routes found`);
  });

  it.each(reads.map((route) => [route.label, route] as const))('%s', async (_, route) => {
    for (const caller of await harness.callersOf(route)) {
      await fc.assert(
        fc.asyncProperty(queryAround(route.query), paramsOf(route.params), async (query, params) => {
          await harness.send({ method: route.method, url: `${pathOf(route, params)}${query}` }, caller);
        }),
        { numRuns: fuzzRuns(caller === 'agent' ? 5 : 10) },
      );
    }
  });
});

describe('path parameters: out of range, not ids, traversal, encodings', () => {
  const hostileSegments = fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%2F..%2F',
    '%00',
    '%ZZ',
    '%ED%A0%80',
    '%E2%80%AE',
    'null',
    '__proto__',
    'x'.repeat(300),
  );

  it.each(withParams.map((route) => [route.label, route] as const))('%s', async (_, route) => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries(route.params.map((name) => [name, hostileSegments]))),
        async (params) => {
          await harness.send({ method: route.method, url: pathOf(route, params) }, 'superadmin');
        },
      ),
      { numRuns: fuzzRuns(8) },
    );
  });
});

describe('a 100 000-character query', () => {
  it('is refused or ignored on every read route, never a 5xx', async () => {
    const long = encodeURIComponent('ä'.repeat(100_000));
    for (const route of reads) {
      const keys = Object.keys(route.query?.properties ?? {});
      await harness.send(
        { method: 'GET', url: `${pathOf(route, {})}?${keys[0] ?? 'search'}=${long}` },
        'superadmin',
      );
    }
  });
});
