import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { createHarness, isNumericParam, pathOf } from './harness';
import { entriesAround, fuzzRuns, jsonObjectText, paramValue } from './hostile';
import { fuzzApp } from './routes';

const fuzz = await fuzzApp();
afterAll(() => fuzz.t.close());
const harness = await createHarness(fuzz);
const writes = fuzz.routes.filter((route) => route.method !== 'GET');

const paramsOf = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((name) => [name, paramValue(isNumericParam(name))])));

describe('JSON bodies generated around each route’s schema', () => {
  it('covers every write route the app registers', () => {
    if (writes.length < 40) throw new Error(`only ${writes.length} write routes found`);
  });

  it.each(writes.map((route) => [route.label, route] as const))('%s', async (_, route) => {
    for (const caller of await harness.callersOf(route)) {
      await fc.assert(
        fc.asyncProperty(entriesAround(route.body), paramsOf(route.params), async (entries, params) => {
          await harness.send(
            {
              method: route.method,
              url: pathOf(route, params),
              headers: { 'content-type': 'application/json' },
              payload: jsonObjectText(entries),
            },
            caller,
          );
        }),
        { numRuns: fuzzRuns(caller === 'agent' ? 6 : 15) },
      );
    }
  });
});
