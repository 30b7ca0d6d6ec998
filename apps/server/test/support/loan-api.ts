import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { auditLogs } from '../../src/db/schema';
import { findUserWithRoleByEmail } from '../../src/modules/users';
import { insertSession } from '../../src/platform/auth/session-repository';
import { newOpaqueToken, sha256 } from '../../src/platform/tokens';
import { TEST_ADMIN } from './constants';
import { createUser, type UserOverrides } from './factories';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';
import { type Files, type Headers, sendForm } from './users';

export { type Files, type Headers, sendForm };

/** A session for a user written straight into the database (sign-in itself is the auth tests' job). */
const sessionHeaders = async (t: TestApp, userId: number): Promise<Headers> => {
  const token = newOpaqueToken();
  await insertSession(t.db, {
    userId,
    accessTokenHash: sha256(token),
    expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
  });
  return { authorization: `Bearer ${token}` };
};

const signedIn = async (t: TestApp, overrides: UserOverrides) => {
  const user = await createUser(t.db, overrides);
  return { user, headers: await sessionHeaders(t, user.id) };
};

/** The people a loans test needs: a superadmin, an admin, two agents with a customer each, a borrower. */
export const loanCast = async (t: TestApp) => {
  const seeded = await findUserWithRoleByEmail(t.db, TEST_ADMIN.email);
  if (!seeded) throw new Error('the seeded superadmin is missing');
  const superadmin = await sessionHeaders(t, seeded.user.id);
  const admin = await signedIn(t, { role: 'admin' });
  const agentA = await signedIn(t, { role: 'agent' });
  const agentB = await signedIn(t, { role: 'agent' });
  const customerA = await createUser(t.db, { agentId: agentA.user.id, name: 'Asha Verma' });
  const customerB = await createUser(t.db, { agentId: agentB.user.id, name: 'Bharat Singh' });
  const borrower = await signedIn(t, { name: 'Chitra Rao' });
  return { superadmin, admin, agentA, agentB, customerA, customerB, borrower };
};

export type LoanCast = Awaited<ReturnType<typeof loanCast>>;

/**
 * A test file's app on a fresh copy of the seeded database, with the loans cast; closed after the
 * file's tests. Awaited at the top of the file.
 */
export const loanTestApp = async (options?: TestAppOptions) => {
  const t = await createTestApp(options);
  afterAll(() => t.close());
  return { t, cast: await loanCast(t) };
};

/** A valid loan form: ₹10,000 at ₹120 a day for 100 days from 2026-11-21. */
export const loanForm = (customerId: number, overrides: Record<string, string> = {}) => ({
  customer_id: String(customerId),
  loan_amount: '10000',
  per_day_emi: '120',
  total_emi_days: '100',
  start_date: '2026-11-21',
  loan_reason: 'Shop stock',
  payment_method: 'cash',
  ...overrides,
});

export const postLoan = (t: TestApp, headers: Headers, fields: Record<string, string>, files?: Files) =>
  sendForm(t, 'POST', '/api/loans', headers, fields, files);

export const putLoan = (
  t: TestApp,
  headers: Headers,
  id: number,
  fields: Record<string, string>,
  files?: Files,
) => sendForm(t, 'PUT', `/api/loans/${id}`, headers, fields, files);

export const getJson = (t: TestApp, headers: Headers, url: string) =>
  t.app.inject({ method: 'GET', url, headers });

/** The audit actions written for a loan, oldest first. */
export const loanAuditActions = async (t: TestApp, loanId: number) =>
  (
    await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, String(loanId)))
      .orderBy(auditLogs.id)
  )
    .filter((row) => row.resourceType === 'loan')
    .map((row) => row.action);
