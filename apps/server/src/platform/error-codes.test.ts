import { ERROR_CODES, ZErrorResponse } from '@lending/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emiApi } from '../../test/support/emi-api';
import { loanTestApp } from '../../test/support/loan-api';
import { createLoan } from '../../test/support/loans';
import { AppError, registerErrorHandler } from './errors';

const { t, cast } = await loanTestApp();

const login = (payload: string | object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('every refusal answers {code, message, errors?} with the status of its code', () => {
  it('a domain refusal keeps its own code: an EMI paid again is 409 EMI_ALREADY_PAID', async () => {
    const api = emiApi(t);
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 3 });
    expect((await api.pay(cast.admin.headers, loan.id, 1, {})).statusCode).toBe(200);
    const again = await api.pay(cast.admin.headers, loan.id, 1, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'EMI_ALREADY_PAID',
      message: 'EMI 1 is already paid; it cannot be paid or bounced again.',
    });
    const partial = await api.pay(cast.admin.headers, loan.id, 2, {
      payment_type: 'partial',
      payment_amount: 120.01,
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().code).toBe('PARTIAL_AMOUNT_OUT_OF_RANGE');
  });

  it('a body that fails its schema is 400 VALIDATION_FAILED with every field', async () => {
    const response = await login({ email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['email', 'password']);
    expect(body.message).toBe(body.errors[0].msg);
  });

  it('a wrong password is 401 INVALID_CREDENTIALS', async () => {
    const response = await login({ email: cast.customerA.email, password: 'not-the-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('an unknown id is 404 NOT_FOUND, and so is an unknown route', async () => {
    const loan = await t.app.inject({ method: 'GET', url: '/api/loans/987654', headers: cast.admin.headers });
    expect(loan.statusCode).toBe(404);
    expect(loan.json()).toEqual({ code: 'NOT_FOUND', message: 'Loan not found' });
    const route = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(route.statusCode).toBe(404);
    expect(route.json().code).toBe('NOT_FOUND');
  });

  it('malformed JSON is 400 MALFORMED_BODY', async () => {
    const response = await login('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'MALFORMED_BODY', message: 'Malformed JSON in request body' });
  });

  it('no session is 401 UNAUTHENTICATED, a role without the right is 403 FORBIDDEN', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/loans' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const borrower = await t.app.inject({ method: 'GET', url: '/api/users', headers: cast.borrower.headers });
    expect(borrower.statusCode).toBe(403);
    expect(borrower.json().code).toBe('FORBIDDEN');
  });

  it('an Idempotency-Key reused for another request is 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const api = emiApi(t);
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 3 });
    expect((await api.pay(cast.admin.headers, loan.id, 1, {}, 'key-1')).statusCode).toBe(200);
    const reused = await api.pay(cast.admin.headers, loan.id, 2, {}, 'key-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('the error handler on its own', () => {
  const bareApp = async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    app.get('/locked', async () => {
      throw new AppError('ACCOUNT_LOCKED', 'Locked', { headers: { 'retry-after': '60' } });
    });
    app.get('/documented', { schema: { response: { 409: ZErrorResponse } } }, async () => {
      throw new AppError('EMI_ALREADY_PAID', 'Paid');
    });
    app.post('/limited', { bodyLimit: 10, schema: { body: z.object({ a: z.string() }) } }, async () => 'ok');
    await app.ready();
    return app;
  };

  it('answers an unknown failure with 500 INTERNAL and nothing of the error', async () => {
    const app = await bareApp();
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
    expect(response.body).not.toContain('secret');
    await app.close();
  });

  it('keeps the headers of a refusal and its code through a documented error schema', async () => {
    const app = await bareApp();
    const locked = await app.inject({ method: 'GET', url: '/locked' });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.json()).toEqual({ code: 'ACCOUNT_LOCKED', message: 'Locked' });
    const documented = await app.inject({ method: 'GET', url: '/documented' });
    expect(documented.statusCode).toBe(409);
    expect(documented.json()).toEqual({ code: 'EMI_ALREADY_PAID', message: 'Paid' });
    await app.close();
  });

  it("codes Fastify's own client errors", async () => {
    const app = await bareApp();
    const large = await app.inject({
      method: 'POST',
      url: '/limited',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(50) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe('PAYLOAD_TOO_LARGE');
    const media = await app.inject({
      method: 'POST',
      url: '/limited',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(media.statusCode).toBe(415);
    expect(media.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    await app.close();
  });
});

describe('the API docs', () => {
  it('document the code as an enum of the catalogue and list every code with its status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    for (const code of ERROR_CODES) expect(doc.info.description).toContain(`| \`${code}\` |`);
    const loanById = doc.paths['/api/loans/{id}'].get.responses['404'].content['application/json'].schema;
    expect(loanById.required).toContain('code');
    expect([...loanById.properties.code.enum].sort()).toEqual([...ERROR_CODES].sort());
  });
});
