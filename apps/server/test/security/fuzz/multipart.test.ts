import { ZLoanFormFields, ZProfileUpdate, ZRegisterRequest, ZUserFormFields } from '@lending/domain';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { samples } from '../../support/factories';
import { createHarness, pathOf } from './harness';
import { entriesAround, fuzzRuns, HOSTILE_KEYS } from './hostile';
import { multipartBody, type Part } from './multipart-body';
import { fuzzApp, inputSchema, type JsonSchema } from './routes';

const fuzz = await fuzzApp();
afterAll(() => fuzz.t.close());
const harness = await createHarness(fuzz);

/** Form routes declare no body schema (they read multipart themselves): the fields they parse. */
const FORM_SCHEMAS: Record<string, JsonSchema | undefined> = {
  'POST /api/auth/register': inputSchema(ZRegisterRequest),
  'POST /api/users': inputSchema(ZUserFormFields),
  'PUT /api/users/:id': inputSchema(ZUserFormFields),
  'PUT /api/users/profile/me': inputSchema(ZProfileUpdate),
  'POST /api/loans': inputSchema(ZLoanFormFields),
  'PUT /api/loans/:id': inputSchema(ZLoanFormFields),
};
const forms = fuzz.routes.filter((route) => route.method !== 'GET' && !route.body);

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Text parts around the form's fields, sometimes with a file where text is expected. */
const partsAround = (schema: JsonSchema | undefined): fc.Arbitrary<Part[]> =>
  fc
    .tuple(entriesAround(schema), fc.option(fc.constantFrom('name', 'email', 'amount', 'loan_amount')))
    .map(([entries, fileField]) => [
      ...entries.map(([name, value]) => ({ name, value: asText(value).slice(0, 20_000) })),
      ...(fileField ? [{ name: fileField, value: samples.png, filename: 'x.png', type: 'image/png' }] : []),
    ]);

describe('multipart forms generated around each form route’s fields', () => {
  it('knows the fields of the form routes', () => {
    for (const label of Object.keys(FORM_SCHEMAS)) {
      expect(forms.map((route) => route.label)).toContain(label);
      expect(FORM_SCHEMAS[label]?.properties, label).toBeDefined();
    }
  });

  it.each(forms.map((route) => [route.label, route] as const))('%s', async (_, route) => {
    for (const caller of await harness.callersOf(route)) {
      await fc.assert(
        fc.asyncProperty(partsAround(FORM_SCHEMAS[route.label]), async (parts) => {
          await harness.send(
            { method: route.method, url: pathOf(route, {}), ...multipartBody(parts) },
            caller,
          );
        }),
        { numRuns: fuzzRuns(caller === 'agent' ? 6 : 15) },
      );
    }
  });
});

describe('multipart shapes no browser sends', () => {
  const shapes: { what: string; parts: Part[] }[] = [
    {
      what: '500 text fields',
      parts: Array.from({ length: 500 }, (_, index) => ({ name: `f${index}`, value: 'x' })),
    },
    {
      what: '60 file parts',
      parts: Array.from({ length: 60 }, () => ({
        name: 'profile_pic',
        value: samples.png,
        filename: 'a.png',
      })),
    },
    { what: 'prototype keys as field names', parts: HOSTILE_KEYS.map((name) => ({ name, value: '1' })) },
    {
      what: 'a field just over the field limit',
      parts: [{ name: 'address', value: 'x'.repeat(10_001) }],
    },
    { what: 'a NUL in a field name', parts: [{ name: 'na\u0000me', value: 'x' }] },
    {
      what: 'a traversal file name',
      parts: [{ name: 'profile_pic', value: samples.png, filename: '../../../etc/passwd' }],
    },
  ];

  it.each(forms.map((route) => [route.label, route] as const))('%s', async (_, route) => {
    for (const shape of shapes) {
      await harness.send(
        { method: route.method, url: pathOf(route, {}), ...multipartBody(shape.parts) },
        'superadmin',
      );
    }
  });

  it('refuses a text field longer than the field limit instead of cutting it short', async () => {
    const answer = await harness.send(
      {
        method: 'PUT',
        url: '/api/users/profile/me',
        ...multipartBody([{ name: 'address', value: `${'x'.repeat(10_000)}TAIL` }]),
      },
      'superadmin',
    );
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
