import { afterAll, describe, expect, it } from 'vitest';
import { createHarness, pathOf } from './harness';
import { type FuzzRoute, fuzzApp } from './routes';

const fuzz = await fuzzApp();
afterAll(() => fuzz.t.close());
const harness = await createHarness(fuzz);
const writes = fuzz.routes.filter((route) => route.method !== 'GET');

const JSON_TYPE = { 'content-type': 'application/json' };

/** Bodies no parser should choke on, each with the content type it is sent under. */
const RAW_BODIES: { what: string; headers: Record<string, string>; payload: string | Buffer }[] = [
  { what: 'truncated JSON', headers: JSON_TYPE, payload: '{"amount": 1' },
  { what: 'JSON with a trailing comma', headers: JSON_TYPE, payload: '{"a":1,}' },
  { what: 'single-quoted JSON', headers: JSON_TYPE, payload: "{'a':1}" },
  { what: 'NaN in JSON', headers: JSON_TYPE, payload: '{"amount": NaN}' },
  { what: 'a number past float range', headers: JSON_TYPE, payload: '{"amount": 1e309, "loan_id": -0}' },
  { what: 'an empty JSON body', headers: JSON_TYPE, payload: '' },
  { what: 'a JSON array', headers: JSON_TYPE, payload: '[1,2,3]' },
  { what: 'a JSON string', headers: JSON_TYPE, payload: '"hello"' },
  { what: 'JSON null', headers: JSON_TYPE, payload: 'null' },
  { what: 'a __proto__ key', headers: JSON_TYPE, payload: '{"__proto__": {"isAdmin": true}}' },
  {
    what: 'a constructor.prototype key',
    headers: JSON_TYPE,
    payload: '{"constructor": {"prototype": {"x": 1}}}',
  },
  {
    what: '10 000 levels of arrays',
    headers: JSON_TYPE,
    payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  },
  {
    what: '5 000 levels of objects',
    headers: JSON_TYPE,
    payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  },
  { what: 'a NUL byte in JSON', headers: JSON_TYPE, payload: Buffer.from('{"name":"a\u0000b"}') },
  {
    what: 'invalid UTF-8 in JSON',
    headers: JSON_TYPE,
    payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  },
  {
    what: 'a UTF-16 charset',
    headers: { 'content-type': 'application/json; charset=utf-16' },
    payload: '{}',
  },
  { what: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'amount=1' },
  { what: 'XML', headers: { 'content-type': 'application/xml' }, payload: '<?xml version="1.0"?><a/>' },
  {
    what: 'a url-encoded form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'a=1&a=2',
  },
  { what: 'no content type', headers: {}, payload: '{"a":1}' },
  { what: 'a garbage content type', headers: { 'content-type': ';;;/' }, payload: '{}' },
  { what: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' },
  {
    what: 'multipart with a broken boundary',
    headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    payload: '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
  },
  {
    what: 'multipart cut off in a part header',
    headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    payload: '--abc\r\nContent-Disposition: form-da',
  },
  {
    what: 'multipart with a part that has no name',
    headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    payload: '--abc\r\nContent-Disposition: form-data\r\n\r\n1\r\n--abc--\r\n',
  },
  {
    what: 'a Content-Length that lies',
    headers: { ...JSON_TYPE, 'content-length': '5' },
    payload: '{"a":1234567}',
  },
];

describe('malformed bodies and wrong content types on every write route', () => {
  it.each(writes.map((route) => [route.label, route] as const))('%s', async (_, route) => {
    for (const body of RAW_BODIES) {
      await harness.send({ method: route.method, url: pathOf(route, {}), ...body }, 'superadmin');
    }
  });
});

/** One route per area (`/api/<area>/…`): the body limit is the app's, the same for every route. */
const onePerArea = (routes: FuzzRoute[]) => [
  ...new Map(routes.map((route) => [route.url.split('/')[2], route])).values(),
];

describe('10 MB bodies', () => {
  const huge = 'A'.repeat(10 * 1024 * 1024);

  it('refuses a 10 MB JSON string with 413 on a route of each area that reads a JSON body', async () => {
    const payload = JSON.stringify({ name: huge });
    for (const route of onePerArea(writes.filter((candidate) => candidate.body))) {
      const answer = await harness.send(
        { method: route.method, url: pathOf(route, {}), headers: JSON_TYPE, payload },
        'superadmin',
      );
      expect(answer.statusCode, route.label).toBe(413);
    }
  });

  it('refuses a 10 MB multipart text field with 413 on the forms, never a 5xx elsewhere', async () => {
    const boundary = 'fuzzboundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${huge}\r\n--${boundary}--\r\n`;
    const forms = [
      'POST /api/users',
      'PUT /api/users/profile/me',
      'POST /api/loans',
      'POST /api/auth/register',
    ];
    const sampled = onePerArea(writes.filter((candidate) => !candidate.body));
    for (const route of [...sampled, ...writes.filter((candidate) => forms.includes(candidate.label))]) {
      const answer = await harness.send(
        {
          method: route.method,
          url: pathOf(route, {}),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        },
        'superadmin',
      );
      if (forms.includes(route.label)) expect(answer.statusCode, route.label).toBe(413);
    }
  });
});
