import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTestIdTexts, expectTexts } from '../../../test/assertions';
import { captureDownloads, stubPhone } from '../../../test/browser-stand-ins';
import { callsTo, lastParams, pinnedClock } from '../../../test/calls';
import { makeRegisterPage, makeRegisterRow, NO_CLOSE_REGISTER } from '../../../test/classification-fixtures';
import { makeUser } from '../../../test/fixtures';
import {
  LOAN_CUSTOMERS,
  makeForeclosureDetails,
  makeLoan,
  makeLoanDetail,
  makeLoanPage,
} from '../../../test/loan-fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const rows = [
  makeRegisterRow(7),
  makeRegisterRow(8, {
    loanCode: 'LN0008',
    customer: { id: 47, name: 'Sunita Devi', mobile: null },
    agent: null,
    ownClass: 'sma0',
    previousClass: 'sma0',
    byBorrower: true,
    daysPastDue: 12,
    since: '2026-11-20',
    outstanding: 48_500,
    arrears: 1_500,
  }),
];
const page = makeRegisterPage(rows, { total: 120, totalPages: 3 });
const AGENTS = [
  { id: 30, name: 'Ramesh Agent', mobile: '9800000030', role: 'agent' },
  { id: 31, name: 'Lakshmi Agent', mobile: null, role: 'agent' },
];

type THandler = (call: TMockCall) => TMockReply;

const renderRegister = (
  path = '/admin/classification',
  api: Record<string, THandler | TMockReply> = {},
  user = makeUser('admin'),
) =>
  renderApp(path, {
    user,
    api: {
      'GET /clock': pinnedClock('2026-11-21'),
      'GET /classification/register': { body: page },
      'GET /users': { body: { users: AGENTS, total: 2 } },
      ...api,
    },
  });

const REGISTER = '/classification/register';
const FILTER_KEYS = ['date', 'loanClass', 'agentId', 'changed', 'page'] as const;

describe('SMA/NPA register (/admin/classification)', { timeout: 30_000 }, () => {
  it('shows the close it reads, the totals of every class and the loans of the page', async () => {
    const app = renderRegister();
    expect(await screen.findByRole('heading', { level: 1, name: 'SMA/NPA register' })).toBeInTheDocument();
    const first = await screen.findByTestId('register-row-7');
    expect(screen.getByTestId('register-as-of')).toHaveTextContent('As of 20-11-2026');
    expectTestIdTexts({
      'class-total-standard': 'Standard₹12,34,567120 loans',
      'class-total-sma0': 'SMA-0₹60,0006 loans',
      'class-total-sma1': 'SMA-1₹31,0003 loans',
      'class-total-sma2': 'SMA-2₹9,0001 loan',
      'class-total-npa': 'NPA₹97,0002 loans',
    });
    expect(columnHeaders(screen.getByTestId('register-table'))).toEqual([
      'Loan code',
      'Customer',
      'Agent',
      'Class',
      'Days past due',
      'Since',
      'Previous class',
      'Outstanding',
      'Arrears',
    ]);
    expectTexts(first, [
      'LN0007',
      'Sunita Devi',
      '9876500001',
      'Ramesh Agent',
      'NPA',
      '95',
      '16-11-2026',
      'SMA-2',
      '₹48,500',
      '₹14,250',
    ]);
    expect(first).not.toHaveTextContent('by borrower');
    expect(within(first).getByRole('link', { name: 'LN0007' })).toHaveAttribute(
      'href',
      '/admin/loans?loan=7',
    );
    const second = screen.getByTestId('register-row-8');
    expectTexts(second, ['NPA', 'by borrower', '12', 'SMA-0', '₹1,500', '—']);
    expect(screen.getByTestId('register-summary')).toHaveTextContent('Showing 1 to 50 of 120 results');
    expect(lastParams(app.calls, REGISTER, 'page', 'pageSize', 'loanClass')).toEqual({
      page: '1',
      pageSize: '50',
      loanClass: null,
    });
  });

  it('says no day-end close has run yet, with no totals, table or export', async () => {
    renderRegister('/admin/classification', { 'GET /classification/register': { body: NO_CLOSE_REGISTER } });
    expect(await screen.findByTestId('register-no-close')).toHaveTextContent('No day-end close has run yet');
    expect(screen.queryByTestId('register-table')).toBeNull();
    expect(screen.queryByTestId('class-total-npa')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('sends each filter chosen, back on page 1, and keeps them in the address', async () => {
    const app = renderRegister('/admin/classification?page=2');
    await screen.findByTestId('register-row-7');
    expect(lastParams(app.calls, REGISTER, 'page')).toEqual({ page: '2' });

    await app.events.click(screen.getByRole('combobox', { name: 'Class' }));
    await app.events.click(await screen.findByRole('option', { name: 'SMA-1' }));
    await waitFor(() =>
      expect(lastParams(app.calls, REGISTER, 'loanClass', 'page')).toEqual({ loanClass: 'sma1', page: '1' }),
    );

    await app.events.click(screen.getByRole('combobox', { name: 'Agent' }));
    await app.events.click(await screen.findByRole('option', { name: 'Lakshmi Agent' }));
    await waitFor(() => expect(lastParams(app.calls, REGISTER, 'agentId')).toEqual({ agentId: '31' }));

    await app.events.click(
      screen.getByRole('checkbox', { name: 'Only loans whose class changed at this close' }),
    );
    await waitFor(() => expect(lastParams(app.calls, REGISTER, 'changed')).toEqual({ changed: 'true' }));

    const date = screen.getByRole('textbox', { name: 'Close date' });
    await app.events.type(date, '18/11/2026');
    fireEvent.blur(date);
    await waitFor(() =>
      expect(lastParams(app.calls, REGISTER, ...FILTER_KEYS)).toEqual({
        date: '2026-11-18',
        loanClass: 'sma1',
        agentId: '31',
        changed: 'true',
        page: '1',
      }),
    );
    expect(app.router.state.location.search).toBe('?date=2026-11-18&loanClass=sma1&agentId=31&changed=true');

    await app.events.click(screen.getByRole('button', { name: 'Remove Class: SMA-1' }));
    await waitFor(() =>
      expect(lastParams(app.calls, REGISTER, 'loanClass', 'agentId')).toEqual({
        loanClass: null,
        agentId: '31',
      }),
    );
  });

  it('filters and opens an export by keyboard alone', async () => {
    const downloads = captureDownloads();
    const app = renderRegister('/admin/classification', {
      'GET /classification/register/export': { body: 'Loan code\r\n' },
    });
    await screen.findByTestId('register-row-7');
    screen.getByRole('combobox', { name: 'Class' }).focus();
    await app.events.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await app.events.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(lastParams(app.calls, REGISTER, 'loanClass')).toEqual({ loanClass: 'sma0' }));
    screen.getByRole('checkbox', { name: 'Only loans whose class changed at this close' }).focus();
    await app.events.keyboard(' ');
    await waitFor(() => expect(lastParams(app.calls, REGISTER, 'changed')).toEqual({ changed: 'true' }));
    screen.getByRole('link', { name: 'Export CSV' }).focus();
    await app.events.keyboard('{Enter}');
    await waitFor(() => expect(downloads.names).toEqual(['sma-npa-register.csv']));
    expect(
      lastParams(app.calls, '/classification/register/export', 'loanClass', 'changed', 'format'),
    ).toEqual({
      loanClass: 'sma0',
      changed: 'true',
      format: 'csv',
    });
  });

  it('opens on the filter its address names, and its export links carry it', async () => {
    const downloads = captureDownloads();
    const app = renderRegister(
      '/admin/classification?loanClass=npa&agentId=30&changed=true&date=2026-11-19',
      {
        'GET /classification/register/export': { body: 'Loan code\r\n' },
      },
    );
    await screen.findByTestId('register-row-7');
    expect(lastParams(app.calls, REGISTER, 'date', 'loanClass', 'agentId', 'changed')).toEqual({
      date: '2026-11-19',
      loanClass: 'npa',
      agentId: '30',
      changed: 'true',
    });
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue('NPA');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    const xlsx = screen.getByRole('link', { name: 'Export XLSX' });
    const query = 'date=2026-11-19&loanClass=npa&agentId=30&changed=true';
    expect(csv).toHaveAttribute('href', `/api/classification/register/export?${query}&format=csv`);
    expect(xlsx).toHaveAttribute('href', `/api/classification/register/export?${query}&format=xlsx`);

    await app.events.click(xlsx);
    await waitFor(() => expect(downloads.names).toEqual(['sma-npa-register.xlsx']));
    const [sent] = callsTo(app.calls, '/classification/register/export');
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      date: '2026-11-19',
      loanClass: 'npa',
      agentId: '30',
      changed: 'true',
      format: 'xlsx',
    });
    expect(new Headers(sent?.init.headers).get('Authorization')).toBe('Bearer test-token');
  });

  it("opens a loan's details from its code", async () => {
    const loan = makeLoan({ id: 7, loan_code: 'LN0007' });
    const app = renderRegister('/admin/classification', {
      'GET /loans': { body: makeLoanPage([loan]) },
      'GET /users': { body: { users: [...LOAN_CUSTOMERS, ...AGENTS] } },
      'GET /loans/7': { body: { loan: makeLoanDetail(loan), emis: [] } },
      'GET /loans/7/foreclosure': { body: makeForeclosureDetails() },
    });
    await app.events.click(await screen.findByRole('link', { name: 'LN0007' }));
    expect(await screen.findByRole('dialog', { name: 'Loan Details — LN0007' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/loans');
    await app.events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.search).toBe('');
  });

  it('shows the server’s refusal in place of the rows', async () => {
    renderRegister('/admin/classification?date=2026-11-01', {
      'GET /classification/register': {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'No day-end close of that business day' },
      },
    });
    const table = await screen.findByTestId('register-table');
    expect(await within(table).findByText('No day-end close of that business day')).toBeInTheDocument();
  });

  it('keeps every row, its class and its link on a phone', async () => {
    stubPhone();
    renderRegister();
    const row = await screen.findByTestId('register-row-8');
    expect(within(row).getByRole('link', { name: 'LN0008' })).toBeInTheDocument();
    expect(row).toHaveTextContent('by borrower');
    expect(
      screen.getByRole('checkbox', { name: 'Only loans whose class changed at this close' }),
    ).toBeInTheDocument();
  });

  it.each(['agent', 'user'] as const)('keeps an %s out', async (role) => {
    const app = renderApp('/admin/classification', { user: makeUser(role) });
    await waitFor(() => expect(app.pathname()).toBe('/unauthorized'));
    expect(callsTo(app.calls, REGISTER)).toEqual([]);
  });

  it('lets a superadmin in and lists it in the sidebar beside Portfolio', async () => {
    renderRegister('/admin/dashboard', {}, makeUser('superadmin'));
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: 'SMA/NPA register' })).toHaveAttribute(
      'href',
      '/admin/classification',
    );
  });
});
