import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../test/browser-stand-ins';
import { callsTo, lastParams, pinnedClock } from '../../../test/calls';
import { stubUploads } from '../../../test/fake-upload';
import { makeUser } from '../../../test/fixtures';
import { checkedImport, makeImport } from '../../../test/import-fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const recent = { imports: [checkedImport(7, 2), makeImport(6)], total: 2, totalPages: 1, page: 1 };

const renderImport = (
  api: Record<string, TMockReply> = {},
  path = '/admin/import',
  role = 'admin' as const,
) =>
  renderApp(path, {
    user: makeUser(role),
    api: { 'GET /clock': pinnedClock('2026-11-21'), 'GET /imports': { body: recent }, ...api },
  });

const stepTitle = () => screen.getByTestId('import-step-title');
const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"][name="file"]');
  if (input === null) throw new Error('no file input');
  return input;
};
const workbook = (name = 'old-book.xlsx', size = 2048) =>
  new File([new Uint8Array(size)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

describe('Import: template and upload', { timeout: 30_000 }, () => {
  it('starts on the template: the downloads and each sheet’s columns, required ones marked', async () => {
    const downloads = captureDownloads();
    const app = renderImport({ 'GET /imports/template': { body: 'x' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import' })).toBeInTheDocument();
    expect(stepTitle()).toHaveTextContent('Template');
    const steps = screen.getByRole('navigation', { name: 'Import steps' });
    expect(within(steps).getByRole('button', { name: '1. Template' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    for (const later of ['3. Map columns', '4. Check', '5. Import'])
      expect(within(steps).getByRole('button', { name: later })).toBeDisabled();

    await app.events.click(screen.getByRole('button', { name: 'Download Excel template (.xlsx)' }));
    await waitFor(() => expect(downloads.names).toEqual(['import-template.xlsx']));
    expect(lastParams(app.calls, '/imports/template', 'format', 'kind')).toEqual({
      format: 'xlsx',
      kind: null,
    });
    await app.events.click(screen.getByRole('button', { name: 'Collections (.csv)' }));
    await waitFor(() => expect(downloads.names).toHaveLength(2));
    expect(downloads.names[1]).toBe('import-collections.csv');
    expect(lastParams(app.calls, '/imports/template', 'format', 'kind')).toEqual({
      format: 'csv',
      kind: 'collections',
    });

    await app.events.click(screen.getByRole('button', { name: 'Loans: 13 columns, 6 required' }));
    const loans = await screen.findByTestId('template-columns-loans');
    const reference = within(loans).getByText('Loan reference').closest('tr') as HTMLElement;
    expect(reference).toHaveTextContent('Required');
    expect(reference).toHaveTextContent('Your own number for the loan in your old book');
    const agent = within(loans).getByText('Agent').closest('tr') as HTMLElement;
    expect(agent).toHaveTextContent('Optional');
  });

  it('moves between the steps by keyboard, the focus following to the step', async () => {
    const app = renderImport();
    const upload = await screen.findByRole('button', { name: '2. Upload' });
    upload.focus();
    await app.events.keyboard('{Enter}');
    expect(stepTitle()).toHaveTextContent('Upload');
    expect(stepTitle()).toHaveFocus();
    await app.events.tab();
    expect(screen.getByLabelText(/^Import file/)).toHaveFocus();
    screen.getByRole('button', { name: '1. Template' }).focus();
    await app.events.keyboard(' ');
    expect(stepTitle()).toHaveTextContent('Template');
  });

  it('says why a template could not be downloaded', async () => {
    const app = renderImport({
      'GET /imports/template': { status: 400, body: { message: 'Kind must be one of: agents' } },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Agents (.csv)' }));
    expect(await screen.findByText('Kind must be one of: agents')).toBeInTheDocument();
  });

  it('uploads the file with its cut-over day and a progress bar, then opens the mapping', async () => {
    const uploads = stubUploads();
    const app = renderImport({ 'GET /imports/12': { body: { data: makeImport(12) } } });
    await app.events.click(await screen.findByRole('button', { name: 'Next: Upload' }));
    expect(stepTitle()).toHaveTextContent('Upload');
    expect(stepTitle()).toHaveFocus();
    await waitFor(() => expect(screen.getByLabelText(/Cut-over day/)).toHaveValue('21/11/2026'));

    await app.events.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Choose a file to upload')).toBeInTheDocument();
    fireEvent.change(fileInput(), { target: { files: [workbook('notes.pdf')] } });
    expect(await screen.findByText('Choose an .xlsx workbook or a .csv file')).toBeInTheDocument();
    fireEvent.change(fileInput(), { target: { files: [workbook()] } });
    await app.events.click(screen.getByRole('button', { name: 'Upload' }));

    const sent = uploads.sent();
    expect(sent.url).toBe('/api/imports');
    expect(sent.headers.Authorization).toBe('Bearer test-token');
    expect(sent.body?.get('cutOverDate')).toBe('2026-11-21');
    expect(sent.body?.get('file')).toMatchObject({ name: 'old-book.xlsx' });
    act(() => sent.progress(40, 100));
    expect(await screen.findByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    act(() => sent.respond(201, { message: 'The file was read: 1 sheet, 120 rows', data: makeImport(12) }));
    expect(await screen.findByText('The file was read: 1 sheet, 120 rows')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/admin/import/12'));
    await waitFor(() => expect(stepTitle()).toHaveTextContent('Map columns'));
    expect(stepTitle()).toHaveFocus();
  });

  it("shows the server's refusal of a file clearly, and stays on the upload", async () => {
    const uploads = stubUploads();
    const app = renderImport();
    await app.events.click(await screen.findByRole('button', { name: '2. Upload' }));
    fireEvent.change(fileInput(), { target: { files: [workbook('book.csv')] } });
    await app.events.click(screen.getByRole('button', { name: 'Upload' }));
    const refusal = 'The import file has more rows than one import takes; split it into smaller files.';
    act(() => uploads.sent().respond(400, { code: 'IMPORT_TOO_MANY_ROWS', message: refusal }));
    const alert = await screen.findByTestId('upload-refusal');
    expect(alert).toHaveTextContent('The file was not accepted');
    expect(alert).toHaveTextContent(refusal);
    expect(app.pathname()).toBe('/admin/import');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('takes an earlier cut-over day, and no day after today', async () => {
    const uploads = stubUploads();
    const app = renderImport();
    await app.events.click(await screen.findByRole('button', { name: '2. Upload' }));
    const day = screen.getByLabelText(/Cut-over day/);
    await waitFor(() => expect(day).toHaveValue('21/11/2026'));
    const typeDay = async (text: string) => {
      await app.events.clear(day);
      await app.events.type(day, text);
      fireEvent.blur(day);
    };
    await typeDay('22/11/2026');
    await waitFor(() => expect(day).toHaveValue('21/11/2026'));
    await typeDay('15/11/2026');
    await waitFor(() => expect(day).toHaveValue('15/11/2026'));
    fireEvent.change(fileInput(), { target: { files: [workbook()] } });
    await app.events.click(screen.getByRole('button', { name: 'Upload' }));
    expect(uploads.sent().body?.get('cutOverDate')).toBe('2026-11-15');
  });

  it('lists the recent imports, each opening where it stands', async () => {
    const app = renderImport({ 'GET /imports/7': { body: { data: checkedImport(7, 2) } } });
    const row = await screen.findByTestId('import-row-7');
    expect(row).toHaveTextContent('Checked');
    expect(row).toHaveTextContent('20-11-2026');
    expect(row).toHaveTextContent('520');
    expect(row).toHaveTextContent('Admin Person');
    expect(row).toHaveTextContent('21-11-2026 12:00 PM');
    expect(screen.getByTestId('import-row-6')).toHaveTextContent('Uploaded');
    expect(screen.getByTestId('recent-imports-summary')).toHaveTextContent('Showing 1 to 2 of 2 results');
    await app.events.click(within(row).getByRole('link', { name: 'old-book.xlsx' }));
    await waitFor(() => expect(app.pathname()).toBe('/admin/import/7'));
    await waitFor(() => expect(stepTitle()).toHaveTextContent('Check'));
  });

  it('says "Import not found" for an import there is none of', async () => {
    renderImport(
      { 'GET /imports/99': { status: 404, body: { code: 'NOT_FOUND', message: 'Import not found' } } },
      '/admin/import/99',
    );
    expect(await screen.findByTestId('import-not-found')).toHaveTextContent('Import not found');
    expect(screen.getByRole('link', { name: 'Start a new import' })).toHaveAttribute('href', '/admin/import');
  });
});

describe('Import: who may open it', { timeout: 30_000 }, () => {
  it.each(['admin', 'superadmin'] as const)('is in the sidebar of %s', async (role) => {
    renderImport({}, '/admin/import', role as never);
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/admin/import');
  });

  it.each([
    ['agent', '/admin/import'],
    ['agent', '/admin/import/7'],
    ['user', '/admin/import'],
    ['user', '/admin/import/to-match'],
  ] as const)('keeps %s out of %s', async (role, path) => {
    const app = renderApp(path, { user: makeUser(role) });
    await waitFor(() => expect(app.pathname()).toBe('/unauthorized'));
    expect(app.calls.filter((call) => call.path.startsWith('/imports'))).toEqual([]);
    expect(callsTo(app.calls, '/imports')).toEqual([]);
  });
});
