import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changePassword, createSignedInUser } from '../../../test/support/factories';
import { usersTestApp } from '../../../test/support/users';
import { auditLogs } from '../../db/schema';

const { t } = await usersTestApp();

/**
 * Every call that changes state, and the audit actions it writes in the transaction of the change.
 * A new write route fails the first test until it is listed here, so no change slips in unaudited.
 */
const AUDITED_WRITES: Record<string, readonly string[]> = {
  'POST /api/auth/login': ['login', 'login_failed'],
  'POST /api/auth/register': ['user_registered'],
  'POST /api/auth/logout': ['logout'],
  'POST /api/auth/forgot-password': ['password_reset_requested', 'password_reset_requested_unknown'],
  'POST /api/auth/reset-password': ['user_password_reset'],
  'PATCH /api/users/me/password': ['user_password_changed'],
  'PUT /api/users/change-password': ['user_password_changed'],
  'POST /api/roles': ['role_created'],
  'PUT /api/roles/{id}': ['role_updated', 'permissions_updated'],
  'DELETE /api/roles/{id}': ['role_deleted'],
  'POST /api/users': ['user_created'],
  'PUT /api/users/{id}': ['user_updated'],
  'DELETE /api/users/{id}': ['user_deleted'],
  'DELETE /api/users/{id}/image': ['user_image_deleted'],
  'PATCH /api/users/{id}/agent-qr': ['user_agent_qr_updated'],
  'DELETE /api/users/{id}/agent-qr': ['user_agent_qr_deleted'],
  'PUT /api/users/profile/me': ['profile_updated'],
  'POST /api/loans': ['loan_created'],
  'PUT /api/loans/{id}': ['loan_updated', 'loan_status_changed'],
  'POST /api/loans/{id}/foreclose': ['loan_foreclosed', 'loan_closed'],
  'POST /api/emi/pay/{loanId}/{emiNumber}': ['emi_paid', 'loan_closed'],
  'POST /api/emi/bounce/{loanId}/{emiNumber}': ['emi_bounced'],
  'POST /api/loans/{id}/clear-charges': ['emi_charges_cleared', 'loan_closed'],
  'POST /api/loans/emi/{emiId}/clear-charges': ['emi_charges_cleared', 'loan_closed'],
  'POST /api/loans/update-payment-date': ['emi_payment_date_updated'],
  'POST /api/loans/{id}/apply-credit': ['loan_credit_applied', 'loan_closed'],
  'POST /api/loans/{id}/refund': ['loan_refunded'],
  'POST /api/loans/{id}/hold-cash': ['loan_cash_held'],
  'POST /api/emis/pay-overdue': ['emi_paid', 'loan_closed'],
  'POST /api/cash/handovers': ['cash_handover'],
  'POST /api/cash/day-closes': ['cash_day_closed'],
  // A phone's queue report is not a business record (no money, nothing anyone decided): not audited.
  'PUT /api/cash/phone-sync': [],
  'POST /api/loan-products': ['loan_product_created'],
  'PUT /api/loan-products/{id}': ['loan_product_updated'],
  'POST /api/holidays': ['holiday_declared'],
  // A preview reads what a holiday would move and writes nothing.
  'POST /api/holidays/preview': [],
  'DELETE /api/holidays/{date}': ['holiday_removed'],
  'POST /api/messages/{id}/retry': ['message_retried'],
  'PUT /api/users/profile/me/messages': ['message_preferences_changed'],
  'PUT /api/message-templates/{event}/{channel}/{language}': ['message_template_saved'],
  'DELETE /api/message-templates/{event}/{channel}/{language}': ['message_template_reset'],
  // Previewing changes nothing.
  'POST /api/message-templates/preview': [],
  // A delivery report changes a message's status; a STOP reply opts out, audited as messages_opted_out.
  'POST /api/messages/webhooks/sms': ['messages_opted_out'],
  'POST /api/messages/webhooks/whatsapp': ['messages_opted_out'],
  'POST /api/expenses': ['expense_created'],
  'PUT /api/expenses/{id}': ['expense_updated'],
  'DELETE /api/expenses/{id}': ['expense_deleted'],
  'POST /api/todos': ['todo_created'],
  'PUT /api/todos/{id}': ['todo_updated'],
  'DELETE /api/todos/{id}': ['todo_deleted'],
  'POST /api/users/notifications/send': ['notification_sent'],
  'POST /api/support': ['support_created'],
  'PATCH /api/support/{id}': ['support_status_updated'],
  'POST /api/update-status': ['update_status_changed'],
  'POST /api/auth/admin/tokens/{userId}/{tokenHash}/revoke': ['token_revoked'],
  'POST /api/auth/admin/cleanup-tokens': ['tokens_cleaned'],
  'POST /api/auth/admin/tokens/remove-all': ['tokens_removed_all'],
  'POST /api/admin/app-update/upload': ['apk_uploaded'],
  'PUT /api/admin/app-update/config': ['app_version_updated'],
  'DELETE /api/admin/app-update/files/{name}': ['apk_deleted'],
  // A second click while an export is on its way starts nothing and writes nothing.
  'POST /api/jobs/export': ['book_export_started'],
  'POST /api/imports': ['import_uploaded'],
  'PUT /api/imports/{id}/mapping': ['import_mapped'],
  'POST /api/imports/{id}/check': ['import_check_started'],
  // The commit runs as a job, in its one transaction: each person and loan it writes, each collection
  // paid as a payment would be (EMIs paid, the rest held, a loan closed), then the import.
  'POST /api/imports/{id}/commit': [
    'import_commit_started',
    'user_imported',
    'loan_imported',
    'emi_paid',
    'loan_cash_held',
    'loan_closed',
    'import_committed',
  ],
  // Matching pays the collection as an imported row is paid: its EMIs' payments and its held rest.
  'POST /api/imports/to-match/{id}/match': [
    'imported_collection_matched',
    'emi_paid',
    'loan_cash_held',
    'loan_closed',
  ],
  'POST /api/imports/to-match/{id}/dismiss': ['imported_collection_dismissed'],
  // Closing a day by hand is audited as it is asked; a day already closed only as a re-run.
  'POST /api/classification/closes': ['day_end_close_started', 'day_end_close_rerun'],
};

// Writers left out on purpose, because they change no business record: the hourly housekeeping
// (expired idempotency keys, spent sign-in counters), the sign-in throttle's counters and a session's
// last-used time. The sign-in and sign-out they belong to are audited.

const writeRoutes = (): string[] => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([route, operations]) =>
    Object.keys(operations)
      .filter((method) => method !== 'get' && method !== 'head')
      .map((method) => `${method.toUpperCase()} ${route}`),
  );
};

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });

/** The action names the server's code writes: `action: '…'` entries and the file-removal helper's. */
const writtenActions = (): Set<string> => {
  const actions = new Set<string>();
  for (const file of sourceFiles(path.resolve(import.meta.dirname, '..'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/action: '([a-z_]+)'/g)) actions.add(match[1] ?? '');
    for (const match of text.matchAll(/removeFile\([^)]*'([a-z_]+)'/g)) actions.add(match[1] ?? '');
  }
  return actions;
};

const actionsOf = async (userId: number) =>
  (
    await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, 'user'), eq(auditLogs.resourceId, String(userId))))
  ).map((row) => row.action);

describe('every state change writes an audit row', () => {
  it('lists every write route of the API with the audit actions it writes', () => {
    expect(writeRoutes().sort()).toEqual(Object.keys(AUDITED_WRITES).sort());
  });

  it('names only actions the code writes, and every action the code writes', () => {
    expect([...writtenActions()].sort()).toEqual([...new Set(Object.values(AUDITED_WRITES).flat())].sort());
  });

  it('audits a failed sign-in and a password change, which no other test looks at', async () => {
    const { user, headers } = await createSignedInUser(t, { role: 'agent' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong-password' },
    });
    const changed = await changePassword(t, user, headers, 'another123');
    expect(changed.statusCode).toBe(200);
    expect(await actionsOf(user.id)).toEqual(
      expect.arrayContaining(['login', 'login_failed', 'user_password_changed']),
    );
  });
});
