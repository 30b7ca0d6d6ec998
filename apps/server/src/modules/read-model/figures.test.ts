import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LEDGER_KINDS } from '@lending/domain';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createLoan } from '../../../test/support/loans';
import { openTestDatabase } from '../../../test/support/test-app';
import * as schema from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { registeredRoutes } from '../../route-registry';
import { catchUpFully, KEPT_FIGURES, keptFigureMismatches, projectionOf, readKeptSqlFiles } from './index';
import { ledgerKindImpact } from './map';
import { withReadModelMap } from './map-doc';

const { database, drop } = await openTestDatabase();
afterAll(drop);
const files = readKeptSqlFiles();
const declaredTables = KEPT_FIGURES.flatMap((figure) => figure.tables);

/** Tables a file's statements write (INSERT INTO, UPDATE, DELETE FROM), kept tables and kept columns' tables. */
const writtenBy = (text: string): string[] => {
  const code = text.replace(/--.*$/gm, '');
  const found = [...code.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/gi)].map(
    (match) => match[1] ?? '',
  );
  // Keywords (UPDATE OF, UPDATE OR DELETE, DO UPDATE SET) are upper case; table names are not.
  return [...new Set(found)].filter((table) => table === table.toLowerCase());
};

/** The ledger kinds a file compares a kind with (`kind = 'x'`, `g.kind IN ('x', 'y')`, `p_kind <> 'x'`). */
const kindsNamed = (text: string): string[] => {
  const code = text.replace(/--.*$/gm, '');
  const compared = [...code.matchAll(/\w*kind\s*(?:=|<>|(?:NOT\s+)?IN)\s*(\([^)]*\)|'\w+')/gi)].map(
    (m) => m[1] ?? '',
  );
  return LEDGER_KINDS.filter((kind) => compared.some((list) => list.includes(`'${kind}'`)));
};

describe('every kept figure is declared once, and the declaration is the database', () => {
  it('each figure kept by triggers or a projector has its file of current SQL, and every other file is shared or a guard', () => {
    const names = KEPT_FIGURES.map((figure) => figure.name);
    expect(new Set(names).size).toBe(names.length);
    for (const figure of KEPT_FIGURES.filter((f) => f.keeping !== 'housekeeping'))
      expect(
        files.map((file) => file.name),
        figure.name,
      ).toContain(figure.name);
    const others = files.map((file) => file.name).filter((name) => !names.includes(name));
    expect(others.sort()).toEqual(['guards', 'shared']);
  });

  it('every table a figure’s SQL writes is declared as kept by that figure', () => {
    for (const figure of KEPT_FIGURES.filter((f) => f.keeping !== 'housekeeping')) {
      const file = files.find((candidate) => candidate.name === figure.name);
      // kept_projections holds the projectors' watermarks, not a figure.
      for (const table of writtenBy(file?.text ?? '').filter((name) => name !== 'kept_projections')) {
        // Writes to a figure another one owns are its forgetting (a stored day) or a kept column.
        const owner = KEPT_FIGURES.find((f) =>
          f.tables.some((kept) => kept === table || kept.startsWith(`${table}.`)),
        );
        expect(owner?.name, `${figure.name} writes ${table}`).toBeDefined();
      }
    }
  });

  it('every kept table of the schema belongs to exactly one figure', () => {
    const tables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table).name);
    for (const declared of declaredTables) expect(tables, declared).toContain(declared.split('.')[0]);
    expect(new Set(declaredTables).size).toBe(declaredTables.length);
  });

  it('the ledger kinds a figure declares are the kinds its SQL names', () => {
    for (const figure of KEPT_FIGURES.filter(
      (f) => f.keeping !== 'housekeeping' && Array.isArray(f.ledgerKinds),
    )) {
      const file = files.find((candidate) => candidate.name === figure.name);
      expect(kindsNamed(file?.text ?? '').sort(), figure.name).toEqual(
        [...(figure.ledgerKinds as string[])].sort(),
      );
    }
    for (const figure of KEPT_FIGURES.filter(
      (f) => f.keeping !== 'housekeeping' && f.ledgerKinds === 'none',
    )) {
      const file = files.find((candidate) => candidate.name === figure.name);
      expect(file?.text, figure.name).not.toMatch(/loan_ledger/);
    }
  });

  it('a new ledger kind: says which figures and files must decide, and a row of it moves only the figures keyed by kind', async () => {
    const impact = ledgerKindImpact('fake_kind');
    expect(impact.takeItAsItIs).toEqual(['ledger-day-totals']);
    expect(impact.mustDecide.map((entry) => entry.figure)).toEqual([
      'cash-day-totals',
      'collection-records',
      'loan-money-totals',
      'portfolio-kept',
      'portfolio-stored-days',
    ]);
    expect(impact.mustDecide[0]?.files).toEqual([
      'apps/server/src/modules/read-model/figures (cash-day-totals)',
      'apps/server/src/modules/read-model/sql/cash-day-totals.sql',
    ]);
    expect(ledgerKindImpact('collected').countIt).toContain('cash-day-totals');

    // What the database does with such a row: every kept table before and after.
    const kept = declaredTables.filter((table) => !table.includes('.'));
    const snapshot = async () => {
      const counts: Record<string, string> = {};
      for (const table of kept)
        counts[table] =
          rowsOf<{ text: string }>(
            await database.db.execute(
              sql.raw(
                `select coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as text from ${table} t`,
              ),
            ),
          )[0]?.text ?? '';
      return counts;
    };
    const { loan } = await createLoan(database.db);
    const before = await snapshot();
    await database.db.execute(sql`insert into loan_ledger (loan_id, emi_number, kind, cause, amount, instalment, penalty, business_date)
      values (${loan.id}, 1, 'fake_kind', 'test', 100, 100, 0, '2026-11-20')`);
    // In the writing transaction nothing moves: the figure keyed by kind is a projector's.
    const written = await snapshot();
    expect(kept.filter((table) => before[table] !== written[table])).toEqual([]);
    await catchUpFully(database.db, projectionOf('ledger-day-totals'));
    const after = await snapshot();
    const moved = kept.filter((table) => before[table] !== after[table]);
    expect(moved).toEqual(['ledger_day_totals']);
    // The books check still agrees: the figure keyed by kind counted it as its definition does.
    expect(await keptFigureMismatches(database.db)).toEqual([]);
  });

  it('every call a figure says reads it is a registered route', async () => {
    const routes = new Set((await registeredRoutes()).map((route) => `${route.method} ${route.url}`));
    for (const figure of KEPT_FIGURES)
      for (const reader of figure.readBy) expect(routes.has(reader), `${figure.name}: ${reader}`).toBe(true);
  });

  it('docs/ARCHITECTURE.md carries the map the declarations give (npm run docs:read-model)', () => {
    const doc = readFileSync(new URL('../../../../../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
    expect(doc).toBe(withReadModelMap(doc));
  });

  it('no module outside the read model reads a kept table: its readers are the read model’s', () => {
    const modules = fileURLToPath(new URL('..', import.meta.url));
    // Kept tables, and the kept columns whose names say only that (a loan's agent_id is an ordinary name).
    const kept = KEPT_FIGURES.flatMap((figure) => figure.tables)
      .filter((table) => !table.includes('.') || table === 'loans.oldest_open_emi_date')
      .map((table) => table.split('.').at(-1) ?? table);
    const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    const names = new RegExp(`\\b(${[...kept, ...kept.map(camel)].join('|')})\\b`);
    const readers = (readdirSync(modules, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('read-model'))
      .filter((file) => names.test(readFileSync(`${modules}/${file}`, 'utf8')))
      .sort();
    // A new reader of a kept table belongs in readers/<figure>.ts, reached through the read model's index.
    expect(readers).toEqual([]);
  });
});
