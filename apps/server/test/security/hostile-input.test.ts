import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../support/factories';
import { loanCast, loanForm } from '../support/loan-api';
import { createLoan } from '../support/loans';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let cast: Awaited<ReturnType<typeof loanCast>>;
let loanId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await loanCast(t);
  loanId = (await createLoan(t.db, { customer: cast.customerA })).loan.id;
});
afterAll(() => t.close());

type Answer = { statusCode: number; json: () => { message: string; errors?: { param: string }[] } };

/** A 400 that names the field: in `errors`, or in the message when there is no list. */
const expectRefused = (response: Answer, field: string) => {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  const body = response.json();
  const named = body.errors?.some((error) => error.param === field) ?? body.message.includes(field);
  expect(named, JSON.stringify(body)).toBe(true);
};

describe('NUL and control characters in search', () => {
  const searched = [
    '/api/users',
    '/api/loans',
    '/api/loans/export',
    '/api/loans/emis/due',
    '/api/loans/emis/due/export',
    '/api/loans/bounced-emis',
    '/api/emi/bounced/export',
    '/api/reports',
    '/api/loans/agent/collection-report',
    '/api/loans/dashboard/agent',
  ];

  it('answers 400 naming search on every list, for staff', async () => {
    for (const path of searched) {
      for (const search of ['a%00b', '%01', 'x%07y', '%1B%5B2J']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${path}?search=${search}`,
          headers: cast.superadmin,
        });
        expectRefused(response, 'search');
      }
    }
  });

  it('answers 400 on the anonymous reference-customer picker', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/users?search=ab%00cd' });
    expectRefused(response, 'search');
  });

  it('still accepts tab, newline and ordinary text', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/loans?search=${encodeURIComponent('Asha\tVerma')}`,
      headers: cast.superadmin,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('NUL and control characters in text fields', () => {
  it('refuses them in a user’s name and address (JSON), and stores nothing', async () => {
    for (const [field, value] of [
      ['name', 'Ravi\u0000Kumar'],
      ['name', 'Ravi\u0001'],
      ['address', 'Street\u0007 1'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: cast.superadmin,
        payload: {
          name: 'Ravi Kumar',
          email: `ravi.${field}.${value.length}@example.com`,
          password: 'secret12',
          role_id: 4,
          mobile: '9876500001',
          address: 'Street 1',
          [field]: value,
        },
      });
      expectRefused(response, field);
    }
  });

  it('refuses them in a multipart user form', async () => {
    const form = await multipart({
      name: 'Ravi Kumar',
      email: 'ravi.multi@example.com',
      password: 'secret12',
      role_id: '4',
      mobile: '9876500002',
      address: 'Line 1\u0001',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...cast.superadmin, ...form.headers },
      payload: form.payload,
    });
    expectRefused(response, 'address');
  });

  type TextCase = {
    where: string;
    method: 'POST' | 'PUT';
    url: () => string;
    headers: () => Record<string, string>;
    payload: () => object;
    field: string;
  };
  const jsonCases: TextCase[] = [
    {
      where: 'the profile name',
      method: 'PUT',
      url: () => '/api/users/profile/me',
      headers: () => cast.borrower.headers,
      payload: () => ({ name: 'Chitra\u0000' }),
      field: 'name',
    },
    {
      where: 'the login e-mail',
      method: 'POST',
      url: () => '/api/auth/login',
      headers: () => ({}),
      payload: () => ({ email: 'admin\u0000@example.com', password: 'whatever1' }),
      field: 'email',
    },
    {
      where: 'a loan reason',
      method: 'POST',
      url: () => '/api/loans',
      headers: () => cast.admin.headers,
      payload: () => loanForm(cast.customerA.id, { loan_reason: 'Stock\u0000' }),
      field: 'loan_reason',
    },
    {
      where: 'a bounce reason',
      method: 'POST',
      url: () => `/api/emi/bounce/${loanId}/1`,
      headers: () => cast.admin.headers,
      payload: () => ({ reason: 'No funds\u0007' }),
      field: 'reason',
    },
    {
      where: 'a role name',
      method: 'POST',
      url: () => '/api/roles',
      headers: () => cast.superadmin,
      payload: () => ({ name: 'Auditor\u0000', permissions: [] }),
      field: 'name',
    },
  ];

  it.each(jsonCases)('refuses them in $where', async ({ method, url, headers, payload, field }) => {
    const response = await t.app.inject({ method, url: url(), headers: headers(), payload: payload() });
    expectRefused(response, field);
  });
});

describe('dates', () => {
  const cases: [string, string][] = [
    ['/api/loans?start_date=1999-12-31', 'start_date'],
    ['/api/loans?end_date=2100-01-01', 'end_date'],
    ['/api/loans?start_date=2026-02-30', 'start_date'],
    ['/api/loans/export?end_date=0001-01-01', 'end_date'],
    ['/api/loans/emis/due?date=1970-01-01', 'date'],
    ['/api/loans/emis/due?date=2026-02-30', 'date'],
    ['/api/loans/emis/due/export?date=9999-12-31', 'date'],
    ['/api/loans/bounced-emis?dateFrom=1900-01-01', 'dateFrom'],
    ['/api/loans/bounced-emis?dateTo=2026-02-30', 'dateTo'],
    ['/api/emi/bounced/export?dateTo=2200-01-01', 'dateTo'],
    ['/api/loans/agent/collection-report?startDate=1999-12-31%2000:00:00', 'startDate'],
    ['/api/loans/agent/collection-report?endDate=2100-01-01%2000:00:00', 'endDate'],
    ['/api/loans/agent/collection-report?endDate=2026-02-30%2000:00:00', 'endDate'],
    ['/api/loans/update-payment-date?loanId=1&emiKey=1&payment_date=1999-01-01', 'payment_date'],
  ];

  it('answers 400 outside 2000-01-01 … 2099-12-31 or for a day that does not exist', async () => {
    for (const [url, field] of cases) {
      const response = await t.app.inject({ method: 'GET', url, headers: cast.superadmin });
      expectRefused(response, field);
    }
  });

  it('accepts the first and the last day of the range', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/loans?start_date=2000-01-01&end_date=2099-12-31',
      headers: cast.superadmin,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a loan starting outside the range', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: cast.admin.headers,
      payload: loanForm(cast.customerA.id, { start_date: '2100-01-01' }),
    });
    expectRefused(response, 'start_date');
  });
});

/** Fifteen ways a multipart body can be broken. */
const brokenBodies = (): { name: string; contentType: string; payload: string | Buffer }[] => {
  const b = 'XyZboundary';
  const part = (name: string, value: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const whole = `${part('name', 'Ravi Kumar')}${part('email', 'r@example.com')}--${b}--\r\n`;
  return [
    { name: 'no boundary', contentType: 'multipart/form-data', payload: whole },
    { name: 'empty boundary', contentType: 'multipart/form-data; boundary=', payload: whole },
    { name: 'other boundary', contentType: 'multipart/form-data; boundary=nope', payload: whole },
    {
      name: 'truncated in a header',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: whole.slice(0, 30),
    },
    {
      name: 'truncated in a value',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: whole.slice(0, 70),
    },
    {
      name: 'no closing boundary',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: part('name', 'Ravi'),
    },
    { name: 'empty body', contentType: `multipart/form-data; boundary=${b}`, payload: '' },
    {
      name: 'garbage',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: 'garbage\u0000\u00ff'.repeat(50),
    },
    {
      name: 'random bytes',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)),
    },
    {
      name: 'header without colon',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Disposition form-data\r\n\r\nx\r\n--${b}--\r\n`,
    },
    {
      name: 'no content-disposition',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${b}--\r\n`,
    },
    {
      name: 'part without name',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}--\r\n`,
    },
    {
      name: 'file cut short',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Disposition: form-data; name="profile_pic"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
    },
    {
      name: 'endless header',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nX-Long: ${'a'.repeat(100_000)}`,
    },
    {
      name: 'only a preamble',
      contentType: `multipart/form-data; boundary=${b}`,
      payload: 'just some preamble text without any boundary line',
    },
  ];
};

describe('broken multipart bodies', () => {
  it('has fifteen of them', () => expect(brokenBodies()).toHaveLength(15));

  for (const [label, url, who] of [
    ['POST /users', '/api/users', 'superadmin'],
    ['POST /loans', '/api/loans', 'admin'],
    ['POST /auth/register (anonymous)', '/api/auth/register', 'nobody'],
    ['POST /admin/app-update/upload', '/api/admin/app-update/upload', 'superadmin'],
  ] as const) {
    it(`answers 4xx, never 500, on ${label}`, async () => {
      const headers =
        who === 'superadmin'
          ? cast.superadmin
          : who === 'admin'
            ? cast.admin.headers
            : ({} as Record<string, string>);
      const failures: string[] = [];
      for (const body of brokenBodies()) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': body.contentType },
          payload: body.payload,
        });
        if (response.statusCode !== 400)
          failures.push(`${body.name}: ${response.statusCode} ${response.body}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
