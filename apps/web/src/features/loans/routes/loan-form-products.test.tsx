import type { TLoanProductTerms, TLoanProductView } from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../test/calls';
import { makeEmi, makeLoan, makeLoanDetail } from '../../../test/loan-fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderLoansPage } from '../../../test/render-loans';

const DAILY: TLoanProductView = {
  id: 1,
  name: 'Daily 100',
  min_amount: 5000,
  max_amount: 50000,
  emi_per_thousand: 12,
  min_tenure_days: 50,
  max_tenure_days: 120,
  off_days: ['sunday'],
  bounce_charge: 75,
  processing_fee: 250,
  is_active: true,
  loans: 3,
  updated_at: '2026-11-20T06:30:00.000Z',
};
const FLEXI: TLoanProductView = { ...DAILY, id: 2, name: 'Flexi', emi_per_thousand: null, off_days: [] };

const TERMS: TLoanProductTerms = {
  id: 1,
  name: 'Daily 100',
  off_days: ['sunday'],
  bounce_charge: 75,
  processing_fee: 250,
  emi_per_thousand: 12,
};

const PRODUCT_LOAN = makeLoan({
  id: 1,
  loan_code: 'LN0001',
  loan_amount: 10000,
  per_day_emi: 120,
  total_emi_days: 100,
  start_date: '2026-11-02',
  product: TERMS,
});

const withProducts = (extra: Parameters<typeof renderLoansPage>[1] = {}) =>
  renderLoansPage([PRODUCT_LOAN], {
    'GET /loan-products': { body: { products: [DAILY, FLEXI] } },
    'GET /loan-products/1/schedule-end': (call) => ({
      body: { end_date: call.url.searchParams.get('total_emi_days') === '100' ? '2027-03-16' : '2027-01-31' },
    }),
    ...extra,
  });

const bodyOf = (call: TMockCall | undefined) => {
  if (!(call?.init.body instanceof FormData)) throw new Error('Expected a multipart body');
  return Object.fromEntries(call.init.body.entries());
};

const openCreate = async (app: ReturnType<typeof withProducts>) => {
  await screen.findByText('LN0001');
  await app.events.click(screen.getByRole('button', { name: 'Add Loan' }));
  return within(await screen.findByRole('dialog', { name: 'Create New Loan' }));
};

type TForm = Awaited<ReturnType<typeof openCreate>>;

const pick = async (app: ReturnType<typeof withProducts>, form: TForm, label: string, option: string) => {
  await app.events.click(form.getByRole('combobox', { name: label }));
  await app.events.click(await screen.findByRole('option', { name: option }));
};

describe('Create New Loan from a product', { timeout: 30_000 }, () => {
  it('offers the active products first, computes the EMI, asks the server for the end date and sends product_id', async () => {
    const app = withProducts({
      'POST /loans': { status: 201, body: { message: 'Loan created', loan: { id: 9 } } },
    });
    const form = await openCreate(app);
    const product = form.getByRole('combobox', { name: 'Loan product' });
    expect(product).toHaveValue('No product — every day');
    expect(form.getByTestId('loan-product-terms')).toHaveTextContent('Collected every calendar day');
    const active = callsTo(app.calls, '/loan-products').at(-1);
    expect(active?.url.searchParams.get('active')).toBe('true');

    await pick(app, form, 'Loan product', 'Daily 100');
    expect(form.getByTestId('loan-product-terms')).toHaveTextContent(
      '₹5,000 – ₹50,000 · 50 – 120 instalments · Collects: Mon–Sat; holidays skipped · ₹12 a day per ₹1,000',
    );
    await pick(app, form, 'Customer', 'Ravi Kumar (9876500002)');
    await app.events.type(form.getByRole('textbox', { name: 'Loan Amount (₹)' }), '10050');
    const emi = form.getByRole('textbox', { name: 'Daily EMI (₹)' });
    // ₹10,050 × ₹12 ÷ ₹1,000 = ₹120.60, rounded up to the rupee.
    await waitFor(() => expect(emi).toHaveValue('121'));
    expect(emi).toHaveAttribute('readonly');
    expect(emi).toHaveAccessibleDescription("Set by Daily 100's rule");
    await app.events.type(form.getByRole('textbox', { name: 'Tenure (days)' }), '100');
    fireEvent.change(form.getByRole('textbox', { name: 'Start Date' }), { target: { value: '21/11/2026' } });
    await waitFor(() => expect(form.getByTestId('loan-end-date')).toHaveValue('16/03/2027'));
    expect(form.getByTestId('loan-end-date')).toHaveAccessibleDescription(
      'The last collection day, skipping off-days and holidays',
    );
    const end = callsTo(app.calls, '/loan-products/1/schedule-end').at(-1);
    expect(Object.fromEntries(end?.url.searchParams ?? [])).toEqual({
      start_date: '2026-11-21',
      total_emi_days: '100',
    });

    await app.events.click(form.getByRole('button', { name: 'Create Loan' }));
    expect(await screen.findByText('Loan created successfully')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST' && call.path === '/loans');
    expect(bodyOf(post)).toEqual({
      product_id: '1',
      customer_id: '41',
      loan_amount: '10050',
      per_day_emi: '121',
      total_emi_days: '100',
      start_date: '2026-11-21',
      loan_reason: '',
      payment_method: '',
    });
  });

  it("checks the product's ranges with the server's messages before calling", async () => {
    const app = withProducts();
    const form = await openCreate(app);
    await pick(app, form, 'Loan product', 'Daily 100');
    await pick(app, form, 'Customer', 'Ravi Kumar (9876500002)');
    await app.events.type(form.getByRole('textbox', { name: 'Loan Amount (₹)' }), '60000');
    await waitFor(() => expect(form.getByRole('textbox', { name: 'Daily EMI (₹)' })).toHaveValue('720'));
    await app.events.type(form.getByRole('textbox', { name: 'Tenure (days)' }), '200');
    fireEvent.change(form.getByRole('textbox', { name: 'Start Date' }), { target: { value: '21/11/2026' } });
    await app.events.click(form.getByRole('button', { name: 'Create Loan' }));
    expect(await form.findByText('Daily 100 lends from ₹5,000 to ₹50,000')).toBeInTheDocument();
    expect(form.getByText('Daily 100 runs from 50 to 120 instalments')).toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('lets the EMI be typed for a product without a rule, and shows a refusal of the product on its field', async () => {
    const app = withProducts({
      'POST /loans': {
        status: 400,
        body: {
          code: 'PRODUCT_ARCHIVED',
          message: 'The loan product is archived: new loans cannot be made from it.',
          errors: [{ param: 'product_id', msg: 'Flexi is archived' }],
        },
      },
    });
    const form = await openCreate(app);
    await pick(app, form, 'Loan product', 'Flexi');
    expect(form.getByTestId('loan-product-terms')).toHaveTextContent('Collects: Every day; holidays skipped');
    await pick(app, form, 'Customer', 'Ravi Kumar (9876500002)');
    await app.events.type(form.getByRole('textbox', { name: 'Loan Amount (₹)' }), '10000');
    const emi = form.getByRole('textbox', { name: 'Daily EMI (₹)' });
    expect(emi).not.toHaveAttribute('readonly');
    await app.events.type(emi, '150');
    await app.events.type(form.getByRole('textbox', { name: 'Tenure (days)' }), '80');
    fireEvent.change(form.getByRole('textbox', { name: 'Start Date' }), { target: { value: '21/11/2026' } });
    await app.events.click(form.getByRole('button', { name: 'Create Loan' }));
    expect(await form.findByText('Flexi is archived')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST' && call.path === '/loans');
    expect(bodyOf(post)).toMatchObject({ product_id: '2', per_day_emi: '150' });
  });

  it('keeps the client-side end date and sends no product_id without a product', async () => {
    const app = withProducts();
    const form = await openCreate(app);
    await app.events.type(form.getByRole('textbox', { name: 'Tenure (days)' }), '100');
    fireEvent.change(form.getByRole('textbox', { name: 'Start Date' }), { target: { value: '21/11/2026' } });
    await waitFor(() => expect(form.getByTestId('loan-end-date')).toHaveValue('28/02/2027'));
    expect(callsTo(app.calls, '/loan-products/1/schedule-end')).toEqual([]);
  });
});

describe('A loan made from a product', { timeout: 30_000 }, () => {
  it('keeps its product on an edit and sends it back', async () => {
    const app = withProducts({
      'PUT /loans/1': {
        body: { message: 'Loan updated successfully', loan: PRODUCT_LOAN, schedule_reset: false },
      },
    });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Edit loan LN0001' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Loan' }));
    const product = form.getByRole('combobox', { name: 'Loan product' });
    expect(product).toHaveValue('Daily 100');
    expect(product).toBeDisabled();
    expect(form.getByTestId('loan-product-terms')).toHaveTextContent(
      "The loan's own terms · Collects: Mon–Sat; holidays skipped · ₹12 a day per ₹1,000",
    );
    expect(form.getByRole('textbox', { name: 'Daily EMI (₹)' })).toHaveValue('120');
    // The end date counts the loan's own copied off-days: the server is told which loan.
    await waitFor(() => expect(callsTo(app.calls, '/loan-products/1/schedule-end')).not.toHaveLength(0));
    const end = callsTo(app.calls, '/loan-products/1/schedule-end').at(-1);
    expect(end?.url.searchParams.get('loan_id')).toBe('1');
    await app.events.type(form.getByRole('textbox', { name: 'Payment Method' }), ' + UPI');
    await app.events.click(form.getByRole('button', { name: 'Update Loan' }));
    expect(await screen.findByText('Loan updated successfully')).toBeInTheDocument();
    const put = app.calls.find((call) => call.method === 'PUT');
    expect(bodyOf(put)).toMatchObject({ product_id: '1', per_day_emi: '120', payment_method: 'Cash + UPI' });
  });

  it("shows its product and collection days in Loan Details, and the bounce dialog starts from the product's charge", async () => {
    const app = withProducts({
      'GET /loans/1': { body: { loan: makeLoanDetail(PRODUCT_LOAN), emis: [makeEmi(1), makeEmi(2)] } },
    });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'View loan details LN0001' }));
    const details = within(await screen.findByRole('dialog', { name: 'Loan Details — LN0001' }));
    await details.findAllByTestId('emi-row');
    const basic = details.getByText('Basic Information').closest('div') as HTMLElement;
    expect(basic).toHaveTextContent('Loan ProductDaily 100');
    expect(basic).toHaveTextContent('Collection DaysMon–Sat; holidays skipped');
    expect(basic).toHaveTextContent('Processing Fee₹250');

    await app.events.click(details.getByRole('button', { name: 'Mark EMI 1 as bounced' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark EMI as Bounced' }));
    expect(dialog.getByRole('textbox', { name: 'Bounce Charge (₹)' })).toHaveValue('75');
  });
});
