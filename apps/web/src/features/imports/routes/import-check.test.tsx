import { importApiMessages, type TImport } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubPhone } from '../../../test/browser-stand-ins';
import { callsTo, lastParams } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import {
  checkedImport,
  importJob,
  makeErrorPage,
  makeImport,
  makeImportSheet,
} from '../../../test/import-fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { importQueryOptions } from '../api/get-import';
import { MISSING_REQUIRED } from '../components/sheet-mapping';
import { IMPORT_POLL_MS } from '../lib/imports';

type THandler = (call: TMockCall) => TMockReply;

const renderWizard = (id: number, api: Record<string, TMockReply | THandler>) =>
  renderApp(`/admin/import/${id}`, { user: makeUser('admin'), api });

const stepTitle = () => screen.getByTestId('import-step-title');
const choose = async (app: ReturnType<typeof renderWizard>, box: HTMLElement, option: string) => {
  await app.events.click(box);
  await app.events.click(await screen.findByRole('option', { name: option }));
};

/** The refetch interval the import's query now asks for. */
const pollInterval = (app: ReturnType<typeof renderWizard>, id: number) => {
  const options = importQueryOptions(id);
  const query = app.queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  return (options.refetchInterval as (query: unknown) => number | false)(query);
};

describe('Import: map columns', { timeout: 30_000 }, () => {
  const staff = makeImportSheet({
    name: 'Staff',
    kind: null,
    headers: ['Name', 'Mobile', 'Contact'],
    rows: 4,
    mapping: {},
    missing: [],
  });
  const uploaded = makeImport(5, { sheets: [makeImportSheet(), staff] });

  it('flags the missing required column, takes the choices and saves them', async () => {
    let saved: unknown = null;
    const app = renderWizard(5, {
      'GET /imports/5': { body: { data: uploaded } },
      'PUT /imports/5/mapping': (call) => {
        saved = JSON.parse(String(call.init.body));
        return { body: { message: 'Mapping saved', data: makeImport(5) } };
      },
    });
    await waitFor(() => expect(stepTitle()).toHaveTextContent('Map columns'));
    const loans = screen.getByTestId('sheet-Loans');
    expect(loans).toHaveTextContent('120 rows · headers on row 1');
    expect(within(loans).getByRole('combobox', { name: /^Loan reference/ })).toHaveValue('Loan No');
    const start = within(loans).getByRole('combobox', { name: /^Start date/ });
    expect(start).toHaveValue('Not in this file');
    expect(start).toHaveAccessibleDescription(MISSING_REQUIRED);
    expect(screen.getByTestId('sheet-missing-Loans')).toHaveTextContent('Start date');
    expect(screen.getByTestId('mapping-missing')).toHaveTextContent(
      '1 required column has no column in the file.',
    );

    await choose(app, start, 'Opened on');
    expect(start).toHaveValue('Opened on');
    expect(screen.queryByTestId('sheet-missing-Loans')).toBeNull();
    expect(screen.getByTestId('mapping-missing')).toHaveTextContent('Every required column has its column');

    // A sheet read as another kind: its headers matched by name, the missing ones flagged.
    const sheet = screen.getByTestId('sheet-Staff');
    const kind = within(sheet).getByRole('combobox', { name: 'Import sheet “Staff” as' });
    expect(kind).toHaveValue('Do not import');
    await choose(app, kind, 'Agents');
    expect(within(sheet).getByRole('combobox', { name: /^Mobile/ })).toHaveValue('Mobile');
    expect(screen.getByTestId('sheet-missing-Staff')).toHaveTextContent('Email');
    await choose(app, kind, 'Do not import');
    expect(within(sheet).getByText('This sheet is left out: none of its rows are read.')).toBeInTheDocument();

    await app.events.click(screen.getByRole('button', { name: 'Save mapping' }));
    expect(await screen.findByText('Mapping saved')).toBeInTheDocument();
    expect(saved).toEqual({
      sheets: [
        {
          name: 'Loans',
          kind: 'loans',
          columns: expect.objectContaining({
            loan_reference: 'Loan No',
            start_date: 'Opened on',
            agent: null,
          }),
        },
        { name: 'Staff', kind: null, columns: {} },
      ],
    });
    await waitFor(() => expect(stepTitle()).toHaveTextContent('Check'));
    expect(stepTitle()).toHaveFocus();
  });

  it("shows the server's refusal of the mapping", async () => {
    const app = renderWizard(5, {
      'GET /imports/5': { body: { data: uploaded } },
      'PUT /imports/5/mapping': {
        status: 400,
        body: { message: importApiMessages.missingColumns('Loans', 'Start date') },
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Save mapping' }));
    expect(await screen.findByText("The sheet 'Loans' needs the columns Start date")).toBeInTheDocument();
    expect(stepTitle()).toHaveTextContent('Map columns');
  });

  it('does not start a check while a required column is missing', async () => {
    const app = renderWizard(5, { 'GET /imports/5': { body: { data: uploaded } } });
    await app.events.click(await screen.findByRole('button', { name: '4. Check' }));
    expect(screen.getByRole('button', { name: 'Start check' })).toBeDisabled();
    expect(screen.getByText('Map every required column (step 3) before checking')).toBeInTheDocument();
  });
});

describe('Import: check', { timeout: 30_000 }, () => {
  it('checks with a progress bar, then shows the figures per kind and every error, paged and by sheet', async () => {
    let reads = 0;
    const checking: TImport = makeImport(5, {
      status: 'checking',
      job: importJob('import.check', 300, 1200),
    });
    const app = renderWizard(5, {
      'GET /imports/5': () => {
        reads += 1;
        return { body: { data: reads === 1 ? makeImport(5) : checkedImport(5, 120) } };
      },
      'POST /imports/5/check': { status: 202, body: { message: 'Checking the file', data: checking } },
      'GET /imports/5/errors': (call) => {
        const page = Number(call.url.searchParams.get('page'));
        const sheet = call.url.searchParams.get('sheet') ?? 'Loans';
        return {
          body: makeErrorPage(50, { sheet, page, total: 120, totalPages: 3, firstRow: 2 + (page - 1) * 50 }),
        };
      },
    });
    await app.events.click(await screen.findByRole('button', { name: '4. Check' }));
    await app.events.click(screen.getByRole('button', { name: 'Start check' }));
    expect(await screen.findByText('Checking the file')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: '300 of 1,200 rows' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('import-progress')).toHaveTextContent('Checking: 300 of 1,200 rows · 25%');
    expect(pollInterval(app, 5)).toBe(IMPORT_POLL_MS);

    // No click: the poll brings the check's end.
    const loans = await screen.findByTestId('summary-loans', {}, { timeout: 3 * IMPORT_POLL_MS });
    expect(pollInterval(app, 5)).toBe(false);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(Array.from(loans.querySelectorAll('td'), (cell) => cell.textContent)).toEqual([
      'Loans',
      '120',
      '0',
      '120',
      '-',
      '-',
    ]);
    expect(screen.getByTestId('summary-collections')).toHaveTextContent('Collections400397032');
    // A statement uploaded again is flagged at the dry run, not only skipped at the commit.
    expect(screen.getByTestId('already-imported')).toHaveTextContent(
      '2 collections were imported before: they are skipped, so nothing is paid twice.',
    );
    expect(screen.getByTestId('check-result')).toHaveTextContent(importApiMessages.hasErrors(120));

    const errors = await screen.findByTestId('import-errors-table');
    const first = await within(errors).findByText("'987650' is not a 10-digit mobile number");
    expect(first.closest('tr')).toHaveTextContent('Loans2Customer mobile');
    expect(screen.getByTestId('import-errors-summary')).toHaveTextContent('Showing 1 to 50 of 120 results');
    expect(lastParams(app.calls, '/imports/5/errors', 'page', 'pageSize', 'sheet')).toEqual({
      page: '1',
      pageSize: '50',
      sheet: null,
    });
    await app.events.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.getByTestId('import-errors-summary')).toHaveTextContent('Showing 51 to 100 of 120'),
    );
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent('Loans52Customer mobile');

    await app.events.click(screen.getByRole('combobox', { name: 'Sheet' }));
    await app.events.click(await screen.findByRole('option', { name: 'Collections' }));
    await waitFor(() =>
      expect(lastParams(app.calls, '/imports/5/errors', 'page', 'sheet')).toEqual({
        page: '1',
        sheet: 'Collections',
      }),
    );
    expect(await within(errors).findAllByText('Collections')).toHaveLength(50);

    // The commit waits while errors exist, on both steps.
    expect(screen.getByRole('button', { name: 'Next: Import' })).toBeDisabled();
    await app.events.click(screen.getByRole('button', { name: '5. Import' }));
    expect(screen.getByRole('button', { name: 'Import now' })).toBeDisabled();
    expect(screen.getByTestId('commit-blocked')).toHaveTextContent(importApiMessages.hasErrors(120));
    expect(callsTo(app.calls, '/imports/5/commit')).toEqual([]);
  });

  it('lists fewer errors a page on a phone, each a card', async () => {
    stubPhone();
    const app = renderWizard(7, {
      'GET /imports/7': { body: { data: checkedImport(7, 120) } },
      'GET /imports/7/errors': { body: makeErrorPage(20, { total: 120, totalPages: 6 }) },
    });
    const first = await screen.findByText("'987650' is not a 10-digit mobile number");
    expect(first.closest('td')).toHaveAttribute('data-label', 'Problem');
    expect(lastParams(app.calls, '/imports/7/errors', 'pageSize')).toEqual({ pageSize: '20' });
    expect(screen.getByTestId('import-errors-summary')).toHaveTextContent('Showing 1 to 20 of 120 results');
  });

  it('says why a check could not finish, and offers to start it again', async () => {
    const failed = makeImport(5, {
      status: 'failed',
      job: importJob('import.check', 40, 1200, {
        status: 'failed',
        error: 'The file could not be read again',
      }),
    });
    renderWizard(5, { 'GET /imports/5': { body: { data: failed } } });
    await waitFor(() => expect(stepTitle()).toHaveTextContent('Check'));
    expect(screen.getByRole('alert')).toHaveTextContent('The file could not be read again');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '5. Import' })).toBeDisabled();
  });
});
