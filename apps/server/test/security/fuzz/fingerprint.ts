import { sql } from 'drizzle-orm';
import type { TestApp } from '../../support/test-app';

/**
 * Tables a refused call may change on purpose, each with why:
 * - login_attempts: the sign-in and public-registration throttle counters. A refused sign-in counts
 *   toward the lock-out and a registration claims its hourly slot before its body is read; that is
 *   the throttle working, not a refused call leaking a change.
 * The product writes no audit row for a refusal, so audit_logs stays in the fingerprint.
 */
export const CHANGED_BY_REFUSALS = new Set(['login_attempts']);

type Row = { name: string; rows: number; digest: string };

/**
 * A fingerprint of every table: its row count and an md5 of all its rows' text, one query for the
 * whole database. Equal fingerprints mean no row was added, changed or removed.
 */
export const createFingerprint = async (t: TestApp) => {
  const listed = (await t.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const tables = listed.rows.map((row) => row.table_name).filter((name) => !CHANGED_BY_REFUSALS.has(name));
  if (tables.length < 10) throw new Error(`only ${tables.length} tables found`);
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int as rows, ` +
        `md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`,
    )
    .join(' union all ');
  return {
    tables,
    take: async (): Promise<string> => {
      const result = (await t.db.execute(sql.raw(query))) as unknown as { rows: Row[] };
      return result.rows.map((row) => `${row.name}:${row.rows}:${row.digest}`).join('\n');
    },
  };
};

export type Fingerprint = Awaited<ReturnType<typeof createFingerprint>>;
