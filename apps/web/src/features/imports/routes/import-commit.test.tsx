import { importApiMessages } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import { checkedImport, importJob, makeImport } from '../../../test/import-fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { IMPORT_POLL_MS } from '../lib/imports';

const renderWizard = (api: Record<string, TMockReply | (() => TMockReply)>) =>
  renderApp('/admin/import/5', { user: makeUser('superadmin'), api });

const stepTitle = () => screen.getByTestId('import-step-title');

/** Presses Import now and confirms it in the dialog. */
const confirmImport = async (app: ReturnType<typeof renderWizard>) => {
  await app.events.click(screen.getByRole('button', { name: 'Import now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import this file?' });
  await app.events.click(within(dialog).getByRole('button', { name: 'Import' }));
};

const committed = checkedImport(5, 0, {
  status: 'committed',
  summary: {
    loans: { rows: 120, valid: 120, written: 120, toMatch: 0 },
    collections: { rows: 400, valid: 397, written: 396, toMatch: 3, alreadyImported: 1 },
  },
  commitJobId: 32,
  job: importJob('import.commit', 520, 520, { status: 'succeeded' }),
  committedAt: '2026-11-21T06:45:00.000Z',
});

describe('Import: commit', { timeout: 30_000 }, () => {
  it('imports after a confirmation, with a progress bar, then links to what was imported', async () => {
    let reads = 0;
    const app = renderWizard({
      'GET /imports/5': () => {
        reads += 1;
        return { body: { data: reads === 1 ? checkedImport(5, 0) : committed } };
      },
      'POST /imports/5/commit': {
        status: 202,
        body: {
          message: 'Importing the file',
          data: checkedImport(5, 0, { status: 'committing', job: importJob('import.commit', 100, 520) }),
        },
      },
    });
    await waitFor(() => expect(stepTitle()).toHaveTextContent('Check'));
    expect(screen.getByTestId('check-result')).toHaveTextContent('Every row is ready to import.');
    expect(screen.queryByTestId('import-errors')).toBeNull();
    await app.events.click(screen.getByRole('button', { name: 'Next: Import' }));
    expect(stepTitle()).toHaveTextContent('Import');
    expect(screen.getByText('Ready to import: Loans 120, Collections 395.')).toBeInTheDocument();

    // Cancelled: nothing is sent.
    await app.events.click(screen.getByRole('button', { name: 'Import now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import this file?' });
    expect(dialog).toHaveTextContent(
      'This writes Loans 120, Collections 395 into your book as of 20-11-2026.',
    );
    await app.events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(app.calls, '/imports/5/commit')).toEqual([]);

    await confirmImport(app);
    expect(await screen.findByText('Importing the file')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '100 of 520 rows' })).toHaveAttribute(
      'aria-valuenow',
      '19',
    );
    expect(callsTo(app.calls, '/imports/5/commit').map((call) => call.method)).toEqual(['POST']);

    const result = await screen.findByTestId('commit-result', {}, { timeout: 3 * IMPORT_POLL_MS });
    expect(result).toHaveTextContent('The file was imported on 21-11-2026 12:15 PM.');
    expect(screen.getByTestId('summary-collections')).toHaveTextContent('Collections40039631');
    const links = screen.getByTestId('imported-links');
    expect(within(links).getByRole('link', { name: 'Loans' })).toHaveAttribute('href', '/admin/loans');
    expect(within(links).getByRole('link', { name: 'Payments Due' })).toHaveAttribute(
      'href',
      '/admin/payments-due',
    );
    expect(within(links).getByRole('link', { name: '3 collections to match' })).toHaveAttribute(
      'href',
      '/admin/import/to-match',
    );
    expect(within(links).queryByRole('link', { name: 'Users' })).toBeNull();
    for (const step of ['3. Map columns', '4. Check'])
      expect(screen.getByRole('button', { name: step })).toBeDisabled();
  });

  it("says the server's refusal of the commit", async () => {
    const app = renderWizard({
      'GET /imports/5': { body: { data: checkedImport(5, 0) } },
      'POST /imports/5/commit': {
        status: 409,
        body: { code: 'CONFLICT', message: importApiMessages.notCommittable },
      },
    });
    await app.events.click(await screen.findByRole('button', { name: '5. Import' }));
    await confirmImport(app);
    expect(await screen.findByText(importApiMessages.notCommittable)).toBeInTheDocument();
    expect(stepTitle()).toHaveTextContent('Import');
  });

  it('says a failed commit saved nothing, and goes back to the check', async () => {
    const failed = checkedImport(5, 0, {
      status: 'failed',
      job: importJob('import.commit', 300, 520, { status: 'failed', error: 'The database went away' }),
    });
    const app = renderWizard({ 'GET /imports/5': { body: { data: failed } } });
    await waitFor(() => expect(stepTitle()).toHaveTextContent('Import'));
    expect(screen.getByText(/Nothing of this file was saved\. The database went away/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import now' })).toBeDisabled();
    await app.events.click(screen.getByRole('button', { name: 'Back to the check' }));
    expect(stepTitle()).toHaveTextContent('Check');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });

  it('links an import of people to the users list', async () => {
    const people = makeImport(5, {
      status: 'committed',
      summary: { agents: { rows: 3, valid: 3, written: 3, toMatch: 0 } },
      committedAt: '2026-11-21T06:45:00.000Z',
    });
    renderWizard({ 'GET /imports/5': { body: { data: people } } });
    const links = await screen.findByTestId('imported-links');
    expect(within(links).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(links).queryByRole('link', { name: 'Loans' })).toBeNull();
  });
});
