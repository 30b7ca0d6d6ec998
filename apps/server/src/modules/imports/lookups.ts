import {
  type BookAgent,
  type BookCustomer,
  type BookLoan,
  type ImportLookupAsk,
  type ImportLookups,
  type LoanStatus,
  referenceKey,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import { findRoleByName } from '../roles';
import {
  loansByCodeOrNumber,
  loansByReference,
  runningLoansByMobile,
  usersByEmail,
  usersByReference,
  usersOfRoleBy,
} from './lookup-repository';

/** The role ids people are imported as. */
export type ImportRoles = { agent: number; customer: number };

/** Agents are imported as role `agent`, customers as the customers' role `user`. */
export const importRoles = async (db: Executor): Promise<ImportRoles> => {
  // One after the other: inside the commit `db` is its transaction, one connection that runs one query at a time.
  const agent = await findRoleByName(db, 'agent');
  const customer = await findRoleByName(db, 'user');
  if (!agent || !customer) throw new Error('the system roles agent and user are missing');
  return { agent: agent.id, customer: customer.id };
};

/**
 * Records the running commit wrote itself: left out of every answer, so the commit's re-check sees
 * the book as the dry run saw it (a row's own record is never "already in the book").
 */
export type WrittenRecords = { users: ReadonlySet<number>; loans: ReadonlySet<number> };

const NONE: WrittenRecords = { users: new Set(), loans: new Set() };

const keysOf = (asks: readonly ImportLookupAsk[], what: ImportLookupAsk['what'], by: string) => [
  ...new Set(asks.filter((ask) => ask.what === what && ask.by === by).map((ask) => ask.key)),
];

/** Groups rows by a key; a key with more than one row answers 'many'. */
const oneOrMany = <T>(rows: readonly T[], keyOf: (row: T) => string | null) => {
  const found = new Map<string, T | 'many'>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null) found.set(key, found.has(key) ? 'many' : row);
  }
  return found;
};

const asLoan = (row: { id: number; code: string; status: string; startDate: string }): BookLoan => ({
  id: row.id,
  code: row.code,
  status: row.status as LoanStatus,
  startDate: row.startDate,
});

/**
 * Answers every question of a batch of rows (`importLookupsOf`) in six queries at most, then serves
 * the checks from memory. Only the batch's answers are held, never the book.
 */
export const fetchLookups = async (
  db: Executor,
  roles: ImportRoles,
  asks: readonly ImportLookupAsk[],
  written: WrittenRecords = NONE,
): Promise<ImportLookups> => {
  const lower = (keys: string[]) => keys.map((key) => key.toLowerCase());
  const agentMobiles = keysOf(asks, 'agent', 'mobile');
  const agentEmails = lower(keysOf(asks, 'agent', 'email'));
  const customerMobiles = keysOf(asks, 'customer', 'mobile');
  const customerKeys = keysOf(asks, 'customer', 'reference').map(referenceKey);
  const emails = lower(keysOf(asks, 'userWithEmail', 'email'));
  const loanCodes = keysOf(asks, 'loan', 'code').map((code) => code.toUpperCase());
  const loanNumbers = keysOf(asks, 'loan', 'number')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
  const loanKeys = keysOf(asks, 'loan', 'reference').map(referenceKey);
  const loanMobiles = keysOf(asks, 'loan', 'mobile');

  const notOurs = <T extends { id: number }>(rows: T[], ours: ReadonlySet<number>) =>
    rows.filter((row) => !ours.has(row.id));
  // One query after the other: inside the commit `db` is its transaction, a single connection.
  const agents = notOurs(await usersOfRoleBy(db, roles.agent, agentMobiles, agentEmails), written.users);
  const customers = notOurs(await usersOfRoleBy(db, roles.customer, customerMobiles, []), written.users);
  const byReference = notOurs(await usersByReference(db, customerKeys), written.users);
  const withEmail = notOurs(await usersByEmail(db, emails), written.users);
  const loanRows = notOurs(await loansByCodeOrNumber(db, loanCodes, loanNumbers), written.loans);
  const loanRefs = notOurs(await loansByReference(db, loanKeys), written.loans);
  const running = notOurs(await runningLoansByMobile(db, loanMobiles), written.loans);

  const agentBy = new Map<string, BookAgent>();
  for (const agent of agents) {
    const found = { id: agent.id, name: agent.name };
    if (agent.mobile && !agentBy.has(`mobile:${agent.mobile}`)) agentBy.set(`mobile:${agent.mobile}`, found);
    if (!agentBy.has(`email:${agent.email}`)) agentBy.set(`email:${agent.email}`, found);
  }
  const asCustomer = (row: { id: number; name: string; agentId: number | null }): BookCustomer => ({
    id: row.id,
    name: row.name,
    agentId: row.agentId,
  });
  const customerByMobile = oneOrMany(customers, (row) => row.mobile);
  const customerByKey = oneOrMany(byReference, (row) => row.key);
  const emailOwner = new Map(withEmail.map((row) => [row.email, { name: row.name }]));
  const loanByCode = new Map(loanRows.map((row) => [row.code, asLoan(row)]));
  const loanByNumber = new Map(loanRows.map((row) => [String(row.number), asLoan(row)]));
  const loanByKey = oneOrMany(loanRefs, (row) => row.key);
  const loanByMobile = oneOrMany(running, (row) => row.mobile);
  const many = <T, U>(found: T | 'many' | undefined, as: (row: T) => U): U | 'many' | null =>
    found === undefined ? null : found === 'many' ? 'many' : as(found);

  return {
    agent: (by, key) => agentBy.get(`${by}:${by === 'email' ? key.toLowerCase() : key}`) ?? null,
    customer: (by, key) =>
      by === 'mobile'
        ? many(customerByMobile.get(key), asCustomer)
        : many(customerByKey.get(referenceKey(key)), asCustomer),
    userWithEmail: (email) => emailOwner.get(email.toLowerCase()) ?? null,
    loan: (by, key) => {
      if (by === 'code') return loanByCode.get(key.toUpperCase()) ?? null;
      if (by === 'number') return loanByNumber.get(String(Number(key))) ?? null;
      if (by === 'reference') return many(loanByKey.get(referenceKey(key)), asLoan);
      return many(loanByMobile.get(key), asLoan);
    },
  };
};
