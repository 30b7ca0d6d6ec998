import { collectionDates, type TLoanProductView } from '@lending/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Headers, loanForm, loanTestApp, postLoan, putLoan } from '../../../test/support/loan-api';
import { auditLogs, emis, loans } from '../../db/schema';

const { t, cast } = await loanTestApp();
const emisOf = (loanId: number) =>
  t.db.select().from(emis).where(eq(emis.loanId, loanId)).orderBy(asc(emis.emiNumber));

type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: Body) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload && { payload }) });

/** Monday to Saturday, ₹5,000 to ₹50,000 at ₹12 a day per ₹1,000, 60 to 120 instalments. */
const sixDays = (overrides: Body = {}): Body => ({
  name: 'Daily Mon–Sat',
  min_amount: 5000,
  max_amount: 50000,
  emi_per_thousand: 12,
  min_tenure_days: 60,
  max_tenure_days: 120,
  off_days: ['sunday'],
  bounce_charge: 50,
  processing_fee: 200,
  ...overrides,
});

const created = async (body: Body): Promise<TLoanProductView> => {
  const response = await call('POST', '/loan-products', cast.admin.headers, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product;
};

const product = await created(sixDays());

describe('loan products', () => {
  it('adds a product in paise, answers it in rupees with its collection days, and audits it', async () => {
    expect(product).toMatchObject({
      name: 'Daily Mon–Sat',
      min_amount: 5000,
      max_amount: 50000,
      emi_per_thousand: 12,
      off_days: ['sunday'],
      bounce_charge: 50,
      processing_fee: 200,
      is_active: true,
      loans: 0,
    });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.resourceType, 'loan_product'));
    expect(audit.map((row) => row.action)).toContain('loan_product_created');
  });

  it('refuses a second product of the same name in any case, and ranges that run backwards', async () => {
    const twin = await call('POST', '/loan-products', cast.admin.headers, sixDays({ name: 'daily MON–SAT' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: 'PRODUCT_NAME_TAKEN' });
    const backwards = await call(
      'POST',
      '/loan-products',
      cast.admin.headers,
      sixDays({ name: 'B', max_amount: 100 }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({
      param: 'max_amount',
      msg: 'The largest amount must be at least the smallest',
    });
    const allOff = await call(
      'POST',
      '/loan-products',
      cast.admin.headers,
      sixDays({
        name: 'C',
        off_days: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      }),
    );
    expect(allOff.statusCode).toBe(400);
  });

  it('is the admins’ business: agents and borrowers are refused, a visitor must sign in', async () => {
    for (const headers of [cast.agentA.headers, cast.borrower.headers]) {
      expect((await call('GET', '/loan-products', headers)).statusCode).toBe(403);
      expect((await call('POST', '/loan-products', headers, sixDays({ name: 'X' }))).statusCode).toBe(403);
    }
    expect((await call('GET', '/loan-products', {})).statusCode).toBe(401);
    expect((await call('GET', '/loan-products', cast.superadmin)).statusCode).toBe(200);
  });

  it('gives the end date a loan from it would have: its 100th collection day, Sundays skipped', async () => {
    const response = await call(
      'GET',
      `/loan-products/${product.id}/schedule-end?start_date=2026-11-21&total_emi_days=100`,
      cast.admin.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    const dates = collectionDates('2026-11-21', 100, { offDays: ['sunday'], holidays: new Set() });
    expect(response.json()).toEqual({ end_date: dates.at(-1) });
    expect(dates.at(-1)).toBe('2027-03-17');
    const missing = await call(
      'GET',
      '/loan-products/999999/schedule-end?start_date=2026-11-21&total_emi_days=5',
      cast.admin.headers,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });
});

describe('a loan made from a product', () => {
  const form = (overrides: Record<string, string> = {}) =>
    loanForm(cast.customerA.id, { product_id: String(product.id), ...overrides });

  it('is refused outside the product’s terms, each field named', async () => {
    const wrongEmi = await postLoan(t, cast.admin.headers, form({ per_day_emi: '100' }));
    expect(wrongEmi.statusCode).toBe(400);
    expect(wrongEmi.json()).toMatchObject({ code: 'PRODUCT_EMI_MISMATCH' });
    expect(wrongEmi.json().errors).toEqual([
      { param: 'per_day_emi', msg: 'Daily Mon–Sat sets the per-day EMI for this amount at ₹120' },
    ]);
    const tooBig = await postLoan(
      t,
      cast.admin.headers,
      form({ loan_amount: '60000', per_day_emi: '720', total_emi_days: '200' }),
    );
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors.map((e: { param: string }) => e.param)).toEqual([
      'loan_amount',
      'total_emi_days',
    ]);
    const unknown = await postLoan(t, cast.admin.headers, form({ product_id: '999999' }));
    expect(unknown.statusCode).toBe(404);
  });

  it('is collected Monday to Saturday, ends on its last collection day, and keeps the terms it was made with', async () => {
    const response = await postLoan(t, cast.admin.headers, form());
    expect(response.statusCode, response.body).toBe(201);
    const { loan } = response.json();
    expect(loan.end_date).toBe('2027-03-17');
    expect(loan.product).toEqual({
      id: product.id,
      name: 'Daily Mon–Sat',
      off_days: ['sunday'],
      bounce_charge: 50,
      processing_fee: 200,
      emi_per_thousand: 12,
    });
    const schedule = await emisOf(loan.id);
    expect(schedule).toHaveLength(100);
    // 2026-11-21 is a Saturday: EMI 2 falls on Monday the 23rd.
    expect(schedule.slice(0, 3).map((emi) => emi.emiDate)).toEqual([
      '2026-11-21',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(schedule.some((emi) => new Date(`${emi.emiDate}T00:00:00Z`).getUTCDay() === 0)).toBe(false);

    // A later change of the product (Saturdays off too, another EMI rule) rewrites no loan.
    const edited = await call(
      'PUT',
      `/loan-products/${product.id}`,
      cast.admin.headers,
      sixDays({ name: 'Daily Mon–Fri', off_days: ['saturday', 'sunday'], emi_per_thousand: 13 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product).toMatchObject({ loans: 1, off_days: ['sunday', 'saturday'] });
    // The edit form's end date: the loan's own Sundays off, not the product's new weekends off.
    const ends = async (query: string) =>
      (
        await call(
          'GET',
          `/loan-products/${product.id}/schedule-end?start_date=2026-11-21&total_emi_days=100${query}`,
          cast.admin.headers,
        )
      ).json().end_date;
    expect(await ends(`&loan_id=${loan.id}`)).toBe('2027-03-17');
    expect(await ends('')).toBe(
      collectionDates('2026-11-21', 100, { offDays: ['saturday', 'sunday'], holidays: new Set() }).at(-1),
    );
    const detail = await call('GET', `/loans/${loan.id}`, cast.admin.headers);
    expect(detail.json().product).toMatchObject({ name: 'Daily Mon–Sat', off_days: ['sunday'] });

    // An edit of its tenure that names no product keeps its own calendar: still no Sunday, no new terms checked.
    const rewritten = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      loanForm(cast.customerA.id, { total_emi_days: '90' }),
    );
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    const after = await emisOf(loan.id);
    expect(after).toHaveLength(90);
    expect(after.some((emi) => new Date(`${emi.emiDate}T00:00:00Z`).getUTCDay() === 0)).toBe(false);
    const [row] = await t.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(row).toMatchObject({ productId: product.id, offDays: 1, endDate: after.at(-1)?.emiDate });
  });

  it('cannot be made from an archived product', async () => {
    const archived = await created(sixDays({ name: 'Old scheme', is_active: false }));
    const refused = await postLoan(t, cast.admin.headers, form({ product_id: String(archived.id) }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PRODUCT_ARCHIVED' });
    const active = await call('GET', '/loan-products?active=true', cast.admin.headers);
    expect(active.json().products.map((p: TLoanProductView) => p.name)).not.toContain('Old scheme');
  });
});
