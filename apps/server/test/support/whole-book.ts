import { BOOK_EXPORT_FILES, type BookExportFileName } from '@lending/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Db } from '../../src/db/client';
import {
  appSecrets,
  auditLogs,
  authTokens,
  cashHandovers,
  emiBounces,
  emiPayments,
  emis,
  expenses,
  idempotencyKeys,
  loanClassChanges,
  loanLedger,
  loans,
  users,
} from '../../src/db/schema';
import { rowsOf } from '../../src/db/sql';
import type { BookExport } from '../../src/modules/exports';
import type { FileStorage } from '../../src/platform/storage/file-storage';
import { newStorageKey } from '../../src/platform/storage/file-storage';
import { expectOk } from './emi-api';
import { exportBookApp } from './export-book';
import { samples } from './factories';
import { unzip } from './zip';

/** A customer's Aadhaar card image as stored: its key must never reach an export. */
const storeAadhaar = async (db: Db, storage: FileStorage, customerId: number) => {
  const key = newStorageKey('image/png');
  await storage.put(key, Buffer.from(samples.png), 'image/png');
  await db.update(users).set({ adhaarCard: key }).where(eq(users.id, customerId));
};

/**
 * The export book (two loans with payments and a bounce) and more for the whole-book export: a
 * partial payment of ₹50.05 made with an Idempotency-Key, an expense of ₹250.50 and Asha's Aadhaar
 * card on file. `book` is filled before the file's tests run.
 */
export const wholeBookApp = async () => {
  const { app, book } = await exportBookApp();
  const { t, cast, api } = app;
  // Filled by beforeAll, before any test reads it.
  const extras = {} as { partialPaymentId: number };
  beforeAll(async () => {
    expectOk(
      await api.pay(
        cast.agentA.headers,
        book.loanA.id,
        7,
        { payment_type: 'partial', payment_amount: 50.05 },
        'partial-7-key',
      ),
    );
    const [partial] = await t.db
      .select({ id: emiPayments.id })
      .from(emiPayments)
      .where(eq(emiPayments.paymentType, 'partial'));
    if (!partial) throw new Error('no partial payment');
    extras.partialPaymentId = partial.id;
    const expense = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: cast.agentA.headers,
      payload: { expense_name: 'Fuel', reason: 'Bike to Nashik', amount_paid: 250.5 },
    });
    expect(expense.statusCode, expense.body).toBe(201);
    await storeAadhaar(t.db, t.deps.storage, cast.customerA.id);
  });
  return { ...app, book, extras };
};

const countOf = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n);
const ofRole = (role: string) => sql`select count(*) as n from users u join roles r on r.id = u.role_id
  where r.name = ${role}`;

/** Each file's row count as the tables hold them, counted here independently of the export. */
export const tableCounts = async (db: Db): Promise<Record<BookExportFileName, number>> => ({
  'users.csv': await db.$count(users),
  'customers.csv': await countOf(db, ofRole('user')),
  'agents.csv': await countOf(db, ofRole('agent')),
  'loans.csv': await db.$count(loans),
  'emis.csv': await db.$count(emis),
  'payments.csv': await db.$count(emiPayments),
  'bounces.csv': await db.$count(emiBounces),
  'ledger.csv': await db.$count(loanLedger),
  'cash_handovers.csv': await db.$count(cashHandovers),
  'class_changes.csv': await db.$count(loanClassChanges),
  'expenses.csv': await db.$count(expenses),
  'audit.csv': await db.$count(auditLogs),
});

/** Every text no export may hold: password hashes, session hashes, idempotency keys, the server's secrets, document keys. */
export const secretsOf = async (db: Db): Promise<string[]> => {
  const people = await db.select().from(users);
  const documents = people.flatMap((user) =>
    [user.profilePic, user.adhaarCard, user.voterCard, user.panCard, user.bankCheck, user.agentQrCode].filter(
      (key): key is string => key !== null,
    ),
  );
  return [
    ...people.map((user) => user.passwordHash),
    ...(await db.select({ text: authTokens.accessTokenHash }).from(authTokens)).map((row) => row.text),
    ...(await db.select({ text: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.text),
    ...(await db.select({ text: appSecrets.value }).from(appSecrets)).map((row) => row.text),
    ...documents,
  ];
};

/** The zip an export stored, its entries by name. */
export const storedZip = async (storage: FileStorage, result: BookExport) => {
  const zip = await storage.get(result.storageKey);
  if (!zip) throw new Error(`no file under ${result.storageKey}`);
  return { zip, entries: unzip(zip) };
};

/** The names a book export's zip holds, in order. */
export const EXPORT_ENTRY_NAMES = ['README.txt', ...BOOK_EXPORT_FILES.map((file) => file.name)];
