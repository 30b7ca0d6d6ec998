import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/test-app';
import { isInStep, keptMigrationText, keptSqlDrift, parseKeptSql, readKeptSqlFiles } from './index';
import type { KeptSqlFile } from './sql-files';

const { database, drop } = await openTestDatabase();
afterAll(drop);

const files = readKeptSqlFiles();

/** The files with one file's text edited (the change a developer makes before `npm run db:kept`). */
const editing = (name: string, edit: (text: string) => string): KeptSqlFile[] =>
  files.map((file) => (file.name === name ? parseKeptSql(name, edit(file.text)) : file));

describe('the read model owns every function and trigger the database runs', () => {
  it('a migrated database runs exactly what the files of current SQL say', async () => {
    const drift = await keptSqlDrift(database.db, files);
    expect(drift).toEqual({ changed: [], undeclared: [], missing: [], declaredTwice: [] });
    // The files are the whole of it: the ledger's guard, the shard, the business day and every figure.
    const declared = files.flatMap((file) => file.functions);
    expect(declared).toEqual(expect.arrayContaining(['loan_ledger_refuse_change', 'ledger_business_day']));
    expect(files.map((file) => file.name)[0]).toBe('shared');
  });

  it('names the file and function whose body was edited without a migration', async () => {
    const edited = editing('emi-day-totals', (text) =>
      text.replace(
        'due_count = t.due_count + excluded.due_count;',
        'due_count = t.due_count + 2 * excluded.due_count;',
      ),
    );
    const drift = await keptSqlDrift(database.db, edited);
    expect(drift.changed).toEqual([{ file: 'emi-day-totals', objects: ['function emi_day_totals_fold'] }]);
    expect(isInStep(drift)).toBe(false);
  });

  it('names an edited trigger', async () => {
    const edited = editing('guards', (text) =>
      text.replace('BEFORE UPDATE OR DELETE ON "loan_ledger"', 'BEFORE DELETE ON "loan_ledger"'),
    );
    const drift = await keptSqlDrift(database.db, edited);
    expect(drift.changed).toEqual([
      { file: 'guards', objects: ['trigger loan_ledger_append_only on loan_ledger'] },
    ]);
  });

  it('names an edited view (a defining query)', async () => {
    const edited = editing('loan-money-totals', (text) =>
      text.replace(
        "WHERE g.kind IN ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived', 'opening')",
        "WHERE g.kind IN ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived')",
      ),
    );
    const drift = await keptSqlDrift(database.db, edited);
    expect(drift.changed).toEqual([{ file: 'loan-money-totals', objects: ['view loan_money_recomputed'] }]);
  });

  it('names what the database runs that no file declares, and a migration drops it', async () => {
    const without = editing('shared', (text) =>
      text
        .split('--> statement-breakpoint')
        .filter((part) => !part.includes('FUNCTION kept_shard'))
        .join('--> statement-breakpoint'),
    );
    const drift = await keptSqlDrift(database.db, without);
    expect(drift.undeclared.map((entry) => entry.identity)).toEqual(['kept_shard()']);
    expect(keptMigrationText(without, drift)).toContain('DROP FUNCTION IF EXISTS kept_shard();');
  });

  it('names an older function of a declared name with other arguments, and a migration drops it', async () => {
    // A file that changed a function's arguments leaves the older function beside the newer one.
    const share = files
      .flatMap((file) => file.statements)
      .find((statement) => statement.includes('FUNCTION collection_share_of('));
    await database.db.execute(
      sql.raw(
        'CREATE FUNCTION collection_share_of(p_unused integer) RETURNS bigint LANGUAGE sql AS $$ SELECT 0::bigint $$',
      ),
    );
    await database.db.execute(sql.raw('DROP FUNCTION collection_share_of(bigint, bigint, integer)'));
    await database.db.execute(sql.raw(share ?? ''));
    try {
      const drift = await keptSqlDrift(database.db, files);
      expect(drift.undeclared.map((entry) => entry.identity)).toEqual([
        'collection_share_of(p_unused integer)',
      ]);
      expect(keptMigrationText(files, drift)).toContain(
        'DROP FUNCTION IF EXISTS collection_share_of(p_unused integer);',
      );
    } finally {
      await database.db.execute(sql.raw('DROP FUNCTION collection_share_of(p_unused integer)'));
    }
  });

  it('refuses an object declared by two files', async () => {
    const shard = files[0]?.statements.find((statement) => statement.includes('FUNCTION kept_shard'));
    const twice = [...files, parseKeptSql('copy', shard ?? '')];
    const drift = await keptSqlDrift(database.db, twice);
    expect(drift.declaredTwice).toEqual(['function kept_shard']);
  });

  it('the business day of a ledger row is one function, used by every figure that dates one', async () => {
    const bodies = files.map((file) => file.text).join('\n');
    // The two spellings it replaced (an offset and a zone name) appear nowhere else.
    expect(bodies.match(/330 minutes/g)).toHaveLength(1);
    expect(bodies).not.toMatch(/Asia\/Kolkata/);
    expect(bodies).not.toMatch(/coalesce\(\w+\.business_date,\s*\(\(/);
  });
});
