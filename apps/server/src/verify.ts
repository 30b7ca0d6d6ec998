import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BookDifference, formatRupees } from '@lending/domain';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { type LoanVerdict, verifyBooks } from './modules/books';

/** Where the CLI writes: stdout and stderr by default, captured in tests. */
export type VerifyOutput = { out: (line: string) => void; err: (line: string) => void };

const standardOutput: VerifyOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

const shown = (value: BookDifference['expected']): string =>
  value === null ? 'none' : typeof value === 'number' ? formatRupees(value, 2) : value;

/** A differing loan as lines a person reads: the loan, each failed check, each figure that differs. */
export const describeVerdict = ({ loan, findings }: LoanVerdict): string[] => [
  `${loan.loanCode} (loan ${loan.id}, ${loan.status})`,
  ...findings.flatMap(({ check, detail }) => [
    `  ${check}: ${detail.summary}`,
    ...detail.differences.map(
      (d) =>
        `    ${d.emi_number === null ? 'loan' : `EMI ${d.emi_number}`} ${d.what}: expected ${shown(d.expected)}, found ${shown(d.actual)}`,
    ),
  ]),
];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `npm run verify`: opens the database the way the server does (DATABASE_URL → PostgreSQL, else
 * PGlite under DATA_DIR), checks every loan's books in one read-only transaction, and answers the
 * exit code: 0 all balanced, 1 some loan differs (each printed), 2 the books could not be read.
 * It never migrates or seeds: a check must not change what it checks.
 */
export const runVerify = async (
  env: NodeJS.ProcessEnv = process.env,
  output: VerifyOutput = standardOutput,
): Promise<number> => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    output.err(`verify: ${messageOf(error)}`);
    return 2;
  }
  // PGlite would create an empty database in a missing folder; there is nothing to check there.
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    output.err(`verify: no database in ${config.dataDir} (set DATA_DIR or DATABASE_URL as for the server)`);
    return 2;
  }
  const database = await openDatabase(config);
  try {
    const report = await verifyBooks(database.db, {
      onLoan: (verdict) => {
        if (verdict.findings.length > 0) for (const line of describeVerdict(verdict)) output.out(line);
      },
    });
    for (const day of report.dayTotalsDiffering)
      output.out(`  maintained totals differ from their rows: ${day}`);
    if (report.loansDiffering > 0 || report.dayTotalsDiffering.length > 0) {
      output.out(
        `verify: ${report.loansDiffering} of ${report.loansChecked} loans differ (${report.elapsedMs} ms)`,
      );
      return 1;
    }
    output.out(`verify: ${report.loansChecked} loans checked, all balanced (${report.elapsedMs} ms)`);
    return 0;
  } catch (error) {
    output.err(`verify: could not read the books on ${database.kind}: ${messageOf(error)}`);
    return 2;
  } finally {
    await database.close();
  }
};

// Run as a script (`tsx src/verify.ts`), not when a test imports runVerify.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runVerify();
}
