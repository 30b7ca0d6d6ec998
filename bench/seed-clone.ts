/**
 * Copies the template loans in set-based SQL until the portfolio has the loans asked for: each copy
 * is a template loan with every row it owns (EMIs, ledger, payments, bounces, credit events, audit
 * rows) under new ids, lent to another customer and collected by that customer's agent. A copy is the
 * template's books under other ids, so every invariant the services kept holds for it too.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/sql';

const run = async (db: Db, text: string) => db.execute(sql.raw(text));
const scalar = async (db: Db, text: string): Promise<number> => {
  const [row] = rowsOf<Record<string, unknown>>(await run(db, text));
  return Number(Object.values(row ?? {})[0] ?? 0);
};

const columnsOf = async (db: Db, table: string): Promise<string[]> => {
  const result = await run(
    db,
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = '${table}' order by ordinal_position`,
  );
  return rowsOf<{ column_name: string }>(result).map((row) => row.column_name);
};

/** A user column of a template row, seen from the copy: the template's agent and customer become the copy's. */
const person = (column: string) =>
  `case when t.${column} = m.template_agent then m.agent_id when t.${column} = m.template_customer then m.customer_id else t.${column} end`;

const idIn = (column: string, stride: number) =>
  `case when t.${column} is null then null else m.c * ${stride} + t.${column} end`;

type CopyPlan = { table: string; overrides: Record<string, string>; from: string };

const copyPlans = (strides: Record<string, number>): CopyPlan[] => {
  const idOf = (column: string, table: string) => idIn(column, strides[table] ?? 0);
  /** A row a loan owns: the copy takes its id in the table's stride and the copied loan's id. */
  const ownedByLoan = (table: string, overrides: Record<string, string> = {}): CopyPlan => ({
    table,
    from: `${table} t join bench_clone_map m on m.template_id = t.loan_id`,
    overrides: { id: idOf('id', table), loan_id: 'm.new_id', ...overrides },
  });
  return [
    {
      table: 'loans',
      from: 'loans t join bench_clone_map m on m.template_id = t.id',
      overrides: {
        id: 'm.new_id',
        loan_number: 'm.loan_number',
        loan_code: `'LN' || lpad(m.loan_number::text, 6, '0')`,
        customer_id: 'm.customer_id',
        agent_id: 'm.agent_id',
        created_by: person('created_by'),
        foreclosed_by: person('foreclosed_by'),
      },
    },
    ownedByLoan('emis'),
    {
      table: 'audit_logs',
      from: 'audit_logs t join bench_audit_loan a on a.audit_id = t.id join bench_clone_map m on m.template_id = a.loan_id',
      overrides: {
        id: idOf('id', 'audit_logs'),
        user_id: person('user_id'),
        resource_id: `case when t.resource_id = a.loan_id::text then m.new_id::text else t.resource_id end`,
      },
    },
    ownedByLoan('emi_payments', { emi_id: idOf('emi_id', 'emis'), collected_by: person('collected_by') }),
    ownedByLoan('emi_bounces', { emi_id: idOf('emi_id', 'emis'), bounced_by: person('bounced_by') }),
    ownedByLoan('credit_events', { customer_id: 'm.customer_id' }),
    ownedByLoan('loan_ledger', {
      actor_id: person('actor_id'),
      payment_id: idOf('payment_id', 'emi_payments'),
      audit_id: idOf('audit_id', 'audit_logs'),
    }),
  ];
};

const COPIED_TABLES = [
  'loans',
  'emis',
  'audit_logs',
  'emi_payments',
  'emi_bounces',
  'credit_events',
  'loan_ledger',
];

/**
 * Builds the copy map: copy `c` (1…) of template loan `j` is loan `c × T + j` of the portfolio, for
 * as many as `loans` asks, each lent to the next bulk customer in turn.
 */
const buildCloneMap = async (db: Db, options: { loans: number; bulkFirstId: number; bulkCount: number }) => {
  const loanStride = await scalar(db, 'select max(id) from loans');
  const templates = await scalar(db, 'select count(*) from loans');
  const maxNumber = await scalar(db, 'select max(loan_number) from loans');
  const copies = Math.ceil(options.loans / templates) - 1;
  await run(db, 'drop table if exists bench_clone_map');
  await run(
    db,
    `create unlogged table bench_clone_map as
     select c, t.id as template_id, t.customer_id as template_customer, tc.agent_id as template_agent,
            c * ${loanStride} + t.id as new_id, bc.id as customer_id, bc.agent_id as agent_id,
            (${maxNumber} + row_number() over (order by c, t.id))::int as loan_number
     from (select id, customer_id, row_number() over (order by id) - 1 as j from loans) t
     join users tc on tc.id = t.customer_id
     cross join generate_series(1, ${Math.max(copies, 0)}) c
     join users bc on bc.id = ${options.bulkFirstId} + ((c - 1) * ${templates} + t.j) % ${options.bulkCount}
     where c * ${templates} + t.j < ${options.loans}`,
  );
  await run(db, 'create index on bench_clone_map (template_id, c)');
  // Audit rows belong to a loan through the ledger rows that name them or through their resource.
  await run(db, 'drop table if exists bench_audit_loan');
  await run(
    db,
    `create unlogged table bench_audit_loan as
     select distinct audit_id, loan_id from (
       select audit_id, loan_id from loan_ledger where audit_id is not null
       union all
       select a.id, l.id from audit_logs a join loans l on a.resource_type = 'loan' and a.resource_id = l.id::text
     ) x`,
  );
  return copies;
};

/**
 * Drops the copied tables' indexes other than primary keys (building an index once over all rows is
 * far cheaper than growing it row by row) and answers the statements that rebuild them.
 */
const dropSecondaryIndexes = async (db: Db): Promise<string[]> => {
  const list = COPIED_TABLES.map((table) => `'${table}'`).join(', ');
  const found = rowsOf<{ indexname: string; indexdef: string }>(
    await run(
      db,
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in (${list})
       and indexname not in (select conname from pg_constraint)`,
    ),
  );
  for (const index of found) await run(db, `drop index ${index.indexname}`);
  return found.map((index) => index.indexdef);
};

/** Copies the templates in chunks of copies (one statement per table and chunk), printing progress. */
export const cloneTemplates = async (
  db: Db,
  options: {
    loans: number;
    bulkFirstId: number;
    bulkCount: number;
    chunk?: number;
    log: (line: string) => void;
  },
) => {
  const copies = await buildCloneMap(db, options);
  const strides: Record<string, number> = {};
  for (const table of COPIED_TABLES)
    strides[table] = await scalar(db, `select coalesce(max(id), 0) from ${table}`);
  const plans = copyPlans(strides);
  const columns = new Map<string, string[]>();
  for (const plan of plans) columns.set(plan.table, await columnsOf(db, plan.table));
  const chunk = options.chunk ?? 20;
  const indexes = await dropSecondaryIndexes(db);
  for (let first = 1; first <= copies; first += chunk) {
    const last = Math.min(copies, first + chunk - 1);
    const started = performance.now();
    // A copy's references point at rows copied in the same statement order, so the foreign-key
    // triggers (checks that cost more than the insert) are off for the copy: `replica` mode.
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local session_replication_role = replica`));
      for (const plan of plans) {
        const names = columns.get(plan.table) ?? [];
        const values = names.map((name) => plan.overrides[name] ?? `t.${name}`);
        await tx.execute(
          sql.raw(
            `insert into ${plan.table} (${names.join(', ')}) select ${values.join(', ')} from ${plan.from} where m.c between ${first} and ${last}`,
          ),
        );
      }
    });
    options.log(`copies ${first}–${last} of ${copies} (${Math.round(performance.now() - started)} ms)`);
  }
  const rebuilt = performance.now();
  for (const definition of indexes) await run(db, definition);
  options.log(`${indexes.length} indexes rebuilt (${Math.round(performance.now() - rebuilt)} ms)`);
  for (const table of COPIED_TABLES) {
    await run(db, `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  await run(db, `select setval('loan_number_seq', (select max(loan_number) from loans))`);
  // The copies went in with triggers off (`replica`): what triggers keep is computed anew.
  await run(db, 'select rebuild_day_totals()');
  await run(db, 'select rebuild_cash_day_totals()');
  await run(db, 'select rebuild_collection_records()');
  await run(db, 'select rebuild_credit_event_counts()');
  await run(db, 'select rebuild_loan_status_totals()');
  await run(db, 'select rebuild_list_totals()');
  await run(db, 'select rebuild_oldest_open_emi_dates()');
  await run(db, 'select rebuild_overdue_loan_days()');
  await run(db, 'select rebuild_user_role_counts()');
  await run(db, 'drop table bench_clone_map');
  await run(db, 'drop table bench_audit_loan');
  return copies;
};
