/**
 * How fast loans taken over from another book are written with their opening position
 * (`writeOpenedLoans`): `--loans` loans of `--emis` EMIs each, a mix of running (part paid, carried
 * dues, late charges), closed, closed for less and defaulted, in one transaction. Prints loans, EMIs
 * and ledger rows per second, then how long the projector takes to fold them in and `npm run verify`'s
 * verdict. A fresh PGlite in memory, or the PostgreSQL database of DATABASE_URL (migrated here; use a
 * database of your own, never `test` or `bench`).
 *
 *   npx tsx bench/opened-loans.ts --loans 2000 --emis 100   (--import-only: no catch-up, no verify)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mine npx tsx bench/opened-loans.ts --loans 2000
 */
import { parseArgs } from 'node:util';
import { addDays } from '@lending/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/sql';
import { verifyBooks } from '../apps/server/src/modules/books';
import { type OpenedLoanInput, writeOpenedLoans } from '../apps/server/src/modules/loans';
import { catchUpEveryFigure } from '../apps/server/src/modules/read-model';
import { findRoleByName } from '../apps/server/src/modules/roles';
import { insertUser } from '../apps/server/src/modules/users';
import { openBenchDatabase } from './bench-app';

const { values } = parseArgs({
  options: {
    loans: { type: 'string', default: '2000' },
    emis: { type: 'string', default: '100' },
    customers: { type: 'string', default: '200' },
    /** Measure the writing only: no projector catch-up, no verify. */
    'import-only': { type: 'boolean', default: false },
  },
});
const loanCount = Number(values.loans);
const days = Number(values.emis);
const CUT_OVER = '2026-11-21';
const EMI = 12_000;

const { database, db, adminId } = await openBenchDatabase();
const role = await findRoleByName(db, 'user');
const customers: number[] = [];
const stamp = Date.now().toString(36);
for (let i = 0; i < Number(values.customers); i += 1) {
  const user = await insertUser(db, {
    name: `Opened Customer ${i}`,
    email: `opened-${stamp}-${i}@example.com`,
    passwordHash: 'x',
    roleId: role?.id ?? 0,
  });
  customers.push(user.id);
}

/** Loan i: most running, some closed (in full or for less) or defaulted, started up to `days` ago. */
const loanOf = (i: number): OpenedLoanInput => {
  const startDate = addDays(CUT_OVER, -((i * 7) % days));
  const due = Math.min(days, ((i * 7) % days) + 1);
  const kind = i % 10;
  const emisPaid = kind === 9 ? days : Math.max(0, due - (i % 4));
  const status = kind === 7 ? 'closed' : kind === 8 ? 'default' : kind === 9 ? 'closed' : 'approved';
  const running = status === 'approved';
  const carriedDues = running && emisPaid > 0 && emisPaid < days ? (i % 3) * 1_500 : 0;
  const partPaid = emisPaid < days ? (i % 5) * 1_000 : 0;
  return {
    rowNumber: i + 2,
    reference: `OLD-${i}`,
    customerId: customers[i % customers.length] ?? 0,
    agentId: null,
    loanAmount: Math.floor((EMI * days * 5) / 6),
    perDayEmi: EMI,
    totalEmiDays: days,
    startDate,
    status,
    emisPaid,
    carriedDues,
    partPaid,
    amountPaid: emisPaid * EMI - carriedDues + partPaid,
    lateCharges: running && emisPaid < days ? (i % 2) * 5_000 : 0,
    lastPaymentDate: null,
  };
};
const loans = Array.from({ length: loanCount }, (_, i) => loanOf(i));

const count = async (table: string) =>
  Number(rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*)::text as n from ${table}`)))[0]?.n);
const emisBefore = await count('emis');
const ledgerBefore = await count('loan_ledger');

const started = performance.now();
await db.transaction((tx) =>
  writeOpenedLoans(tx, loans, {
    actorId: adminId,
    now: new Date(),
    cutOverDate: CUT_OVER,
    importId: 1,
    fileName: 'bench.xlsx',
  }),
);
const seconds = (performance.now() - started) / 1000;
const emis = (await count('emis')) - emisBefore;
const ledger = (await count('loan_ledger')) - ledgerBefore;
const rate = (n: number) => Math.round(n / seconds).toLocaleString('en-IN');
console.log(
  `${database.kind}: ${loanCount} loans, ${emis} EMIs, ${ledger} ledger rows in ${seconds.toFixed(1)} s`,
);
console.log(
  `  ${rate(loanCount)} loans/s, ${rate(emis)} EMIs/s, ${rate(ledger)} ledger rows/s, ${rate(emis + ledger)} rows/s`,
);
if (values['import-only']) {
  await database.close();
  process.exit(0);
}
const projected = performance.now();
await catchUpEveryFigure(db, 600_000);
console.log(`  the projector folded them in ${((performance.now() - projected) / 1000).toFixed(1)} s`);
const books = await verifyBooks(db);
console.log(
  `  verify: ${books.loansDiffering} loans differ, kept figures differing: ${books.dayTotalsDiffering.length}`,
);
await database.close();
