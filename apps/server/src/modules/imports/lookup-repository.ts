import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { importReferences, loans, users } from '../../db/schema';

/**
 * The book's answers to a batch of import rows' questions, a few queries per batch: people by
 * mobile, e-mail or customer reference, loans by code, number, reference or their customer's mobile.
 * Keys arrive as compared: mobiles as 10 digits, e-mails in lower case, references as `referenceKey`.
 */

/** Users of a role (agents) by mobile or e-mail. */
export const usersOfRoleBy = (db: Executor, roleId: number, mobiles: string[], emails: string[]) =>
  mobiles.length + emails.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: users.id,
          name: users.name,
          mobile: users.mobile,
          email: sql<string>`lower(${users.email})`,
          agentId: users.agentId,
        })
        .from(users)
        .where(
          and(
            eq(users.roleId, roleId),
            or(
              mobiles.length > 0 ? inArray(users.mobile, mobiles) : undefined,
              emails.length > 0 ? inArray(sql`lower(${users.email})`, emails) : undefined,
            ),
          ),
        );

/** Customers (or anyone) recorded under a reference an earlier import kept. */
export const usersByReference = (db: Executor, keys: string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : db
        .select({
          key: importReferences.referenceKey,
          id: users.id,
          name: users.name,
          agentId: users.agentId,
        })
        .from(importReferences)
        .innerJoin(users, eq(users.id, importReferences.recordId))
        .where(and(eq(importReferences.kind, 'customer'), inArray(importReferences.referenceKey, keys)));

/** Anyone with one of these e-mail addresses (through the lower(email) unique index). */
export const usersByEmail = (db: Executor, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: users.id, name: users.name, email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails));

const loanFields = {
  id: loans.id,
  code: loans.loanCode,
  number: loans.loanNumber,
  status: loans.status,
  startDate: loans.startDate,
};

/** Loans by their code (LN000123) or number. */
export const loansByCodeOrNumber = (db: Executor, codes: string[], numbers: number[]) =>
  codes.length + numbers.length === 0
    ? Promise.resolve([])
    : db
        .select(loanFields)
        .from(loans)
        .where(
          or(
            codes.length > 0 ? inArray(loans.loanCode, codes) : undefined,
            numbers.length > 0 ? inArray(loans.loanNumber, numbers) : undefined,
          ),
        );

/** Loans by the reference an earlier import kept. */
export const loansByReference = (db: Executor, keys: string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : db
        .select({ key: importReferences.referenceKey, ...loanFields })
        .from(importReferences)
        .innerJoin(loans, eq(loans.id, importReferences.recordId))
        .where(and(eq(importReferences.kind, 'loan'), inArray(importReferences.referenceKey, keys)));

/** Running (approved) loans of the customers with these mobiles. */
export const runningLoansByMobile = (db: Executor, mobiles: string[]) =>
  mobiles.length === 0
    ? Promise.resolve([])
    : db
        .select({ mobile: users.mobile, ...loanFields })
        .from(loans)
        .innerJoin(users, eq(users.id, loans.customerId))
        .where(and(eq(loans.status, 'approved'), inArray(users.mobile, mobiles)));
