import type { TLoanProductView } from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTexts } from '../../../test/assertions';
import { stubPhone } from '../../../test/browser-stand-ins';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const product = (overrides: Partial<TLoanProductView> = {}): TLoanProductView => ({
  id: 1,
  name: 'Daily 100',
  min_amount: 5000,
  max_amount: 50000,
  emi_per_thousand: 12,
  min_tenure_days: 50,
  max_tenure_days: 120,
  off_days: ['sunday'],
  bounce_charge: 50,
  processing_fee: 250,
  is_active: true,
  loans: 14,
  updated_at: '2026-11-20T06:30:00.000Z',
  ...overrides,
});

const TYPED = product({
  id: 2,
  name: 'Flexi',
  emi_per_thousand: null,
  min_amount: 10000,
  max_amount: 10000,
  off_days: [],
  is_active: false,
  loans: 0,
});

type THandler = (call: TMockCall) => TMockReply | Promise<TMockReply>;
const renderProducts = (
  overrides: Record<string, THandler | TMockReply> = {},
  role: 'admin' | 'superadmin' = 'admin',
) =>
  renderApp('/admin/loan-products', {
    user: makeUser(role),
    api: { 'GET /loan-products': { body: { products: [product(), TYPED] } }, ...overrides },
  });

const bodyOf = (call: TMockCall | undefined) => JSON.parse(String(call?.init.body));

describe('Loan Products', { timeout: 30_000 }, () => {
  it('lists every product with its terms, from the sidebar', async () => {
    renderProducts();
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: 'Loan Products' })).toHaveAttribute(
      'href',
      '/admin/loan-products',
    );
    const row = await screen.findByTestId('product-row-1');
    expect(columnHeaders(screen.getByTestId('product-table'))).toEqual([
      'Name',
      'Amount',
      'EMI rule',
      'Tenure',
      'Collection days',
      'Bounce charge',
      'Processing fee',
      'Loans made',
      'Status',
      'Actions',
    ]);
    expectTexts(row, [
      'Daily 100',
      '₹5,000 – ₹50,000',
      '₹12 a day per ₹1,000',
      '50 – 120 instalments',
      'Mon–Sat',
      '₹50',
      '₹250',
      '14',
      'Active',
    ]);
    expectTexts(screen.getByTestId('product-row-2'), [
      'Flexi',
      '₹10,000',
      'Typed per loan',
      'Every day',
      'Archived',
    ]);
    expect(screen.getByRole('button', { name: 'Restore Flexi' })).toBeInTheDocument();
  });

  it('shows each row as a card of labelled lines on a 390 px phone', async () => {
    stubPhone();
    renderProducts({}, 'superadmin');
    const row = await screen.findByTestId('product-row-1');
    const cells = within(row).getAllByRole('cell');
    expect(cells[4]).toHaveAttribute('data-label', 'Collection days');
    expect(cells[2]).toHaveAttribute('data-label', 'EMI rule');
  });

  it('checks the form by the contract, each message on its field, and sends nothing', async () => {
    const app = renderProducts();
    await screen.findByTestId('product-row-1');
    await app.events.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add product' }));
    await app.events.click(dialog.getByRole('button', { name: 'Add product' }));
    expect(dialog.getByRole('textbox', { name: 'Product name' })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(
      dialog.getByText('Enter the per-day EMI per ₹1,000, or choose "Typed for each loan"'),
    ).toBeInTheDocument();

    await app.events.type(dialog.getByRole('textbox', { name: 'Product name' }), 'Daily 200');
    await app.events.type(dialog.getByRole('textbox', { name: 'Smallest amount (₹)' }), '20000');
    await app.events.type(dialog.getByRole('textbox', { name: 'Largest amount (₹)' }), '10000');
    await app.events.type(dialog.getByRole('textbox', { name: 'EMI per ₹1,000 a day (₹)' }), '12');
    await app.events.type(dialog.getByRole('textbox', { name: 'Shortest tenure (instalments)' }), '100');
    await app.events.type(dialog.getByRole('textbox', { name: 'Longest tenure (instalments)' }), '50');
    await app.events.click(dialog.getByRole('button', { name: 'Add product' }));
    expect(await dialog.findByText('The largest amount must be at least the smallest')).toBeInTheDocument();
    expect(dialog.getByText('The longest tenure must be at least the shortest')).toBeInTheDocument();

    await app.events.clear(dialog.getByRole('textbox', { name: 'Largest amount (₹)' }));
    await app.events.type(dialog.getByRole('textbox', { name: 'Largest amount (₹)' }), '30000');
    await app.events.clear(dialog.getByRole('textbox', { name: 'Longest tenure (instalments)' }));
    await app.events.type(dialog.getByRole('textbox', { name: 'Longest tenure (instalments)' }), '100');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
      await app.events.click(dialog.getByRole('checkbox', { name: day }));
    expect(dialog.getByText(/Collects: No day/)).toBeInTheDocument();
    await app.events.click(dialog.getByRole('button', { name: 'Add product' }));
    expect(await dialog.findByText('Leave at least one collection day in the week')).toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('adds a product: the body as the contract reads it, then the server message', async () => {
    const app = renderProducts({
      'POST /loan-products': { status: 201, body: { message: 'Loan product created', product: product() } },
    });
    await screen.findByTestId('product-row-1');
    await app.events.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add product' }));
    await app.events.type(dialog.getByRole('textbox', { name: 'Product name' }), '  Weekday 60 ');
    await app.events.type(dialog.getByRole('textbox', { name: 'Smallest amount (₹)' }), '5000');
    await app.events.type(dialog.getByRole('textbox', { name: 'Largest amount (₹)' }), '25000');
    await app.events.type(dialog.getByRole('textbox', { name: 'EMI per ₹1,000 a day (₹)' }), '18.5');
    await app.events.type(dialog.getByRole('textbox', { name: 'Shortest tenure (instalments)' }), '60');
    await app.events.type(dialog.getByRole('textbox', { name: 'Longest tenure (instalments)' }), '60');
    await app.events.click(dialog.getByRole('checkbox', { name: 'Saturday' }));
    expect(dialog.getByText(/Collects: Mon–Fri/)).toBeInTheDocument();
    await app.events.type(dialog.getByRole('textbox', { name: 'Bounce charge (₹)' }), '75');
    await app.events.click(dialog.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Loan product created')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST' && call.path === '/loan-products');
    expect(bodyOf(post)).toEqual({
      name: 'Weekday 60',
      min_amount: 5000,
      max_amount: 25000,
      emi_per_thousand: 18.5,
      min_tenure_days: 60,
      max_tenure_days: 60,
      off_days: ['sunday', 'saturday'],
      bounce_charge: 75,
      processing_fee: 0,
      is_active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).toBeNull());
  });

  it('edits a product to a typed EMI and shows the server field errors on the fields', async () => {
    const puts: unknown[] = [];
    const app = renderProducts({
      'PUT /loan-products/1': (call) => {
        puts.push(bodyOf(call));
        return {
          status: 409,
          body: { code: 'PRODUCT_NAME_TAKEN', message: 'Another loan product already has that name.' },
        };
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Edit Daily 100' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit product — Daily 100' }));
    expect(dialog.getByRole('textbox', { name: 'Largest amount (₹)' })).toHaveValue('50000');
    expect(dialog.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    await app.events.click(dialog.getByRole('radio', { name: 'Typed for each loan' }));
    expect(dialog.queryByRole('textbox', { name: 'EMI per ₹1,000 a day (₹)' })).toBeNull();
    await app.events.click(dialog.getByRole('button', { name: 'Save product' }));
    expect(await screen.findAllByText('Another loan product already has that name.')).not.toHaveLength(0);
    expect(dialog.getByRole('textbox', { name: 'Product name' })).toHaveAccessibleDescription(
      'Another loan product already has that name.',
    );
    expect(puts).toEqual([expect.objectContaining({ name: 'Daily 100', emi_per_thousand: null })]);
  });

  it('maps the field errors of a VALIDATION_FAILED answer onto their fields', async () => {
    const app = renderProducts({
      'PUT /loan-products/1': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          errors: [{ param: 'off_days.0', msg: 'Unknown day of the week' }],
        },
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Edit Daily 100' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit product — Daily 100' }));
    await app.events.click(dialog.getByRole('button', { name: 'Save product' }));
    expect(await dialog.findByText('Unknown day of the week')).toBeInTheDocument();
  });

  it('archives after asking, and restores at once, with the whole product sent', async () => {
    const bodies: Record<string, unknown>[] = [];
    const saved = (call: TMockCall) => {
      bodies.push(bodyOf(call));
      return { body: { message: 'Loan product updated', product: product() } };
    };
    const app = renderProducts({ 'PUT /loan-products/1': saved, 'PUT /loan-products/2': saved });
    await app.events.click(await screen.findByRole('button', { name: 'Archive Daily 100' }));
    expect(await screen.findByText(/New loans can no longer be made from it/)).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Daily 100 archived')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Restore Flexi' }));
    expect(await screen.findByText('Flexi restored')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Daily 100',
        min_amount: 5000,
        max_amount: 50000,
        emi_per_thousand: 12,
        min_tenure_days: 50,
        max_tenure_days: 120,
        off_days: ['sunday'],
        bounce_charge: 50,
        processing_fee: 250,
        is_active: false,
      },
      expect.objectContaining({ name: 'Flexi', emi_per_thousand: null, is_active: true }),
    ]);
  });

  it('is refused to an agent', async () => {
    const app = renderApp('/admin/loan-products', { user: makeUser('agent') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized Access' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });

  it('toasts a failed load and shows the empty state', async () => {
    renderProducts({ 'GET /loan-products': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch loan products')).toBeInTheDocument();
    expect(screen.getByText('No loan products yet: add the first one')).toBeInTheDocument();
  });

  it('is usable by keyboard: Add product opens the form, Escape closes it', async () => {
    const app = renderProducts();
    await screen.findByTestId('product-row-1');
    screen.getByRole('button', { name: 'Add product' }).focus();
    await app.events.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Product name' })).toHaveFocus());
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).toBeNull());
  });
});
