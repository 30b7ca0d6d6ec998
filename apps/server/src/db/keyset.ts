import { and, asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/**
 * A list's keyset: the columns of its order, all one way, the last unique (an id) so that the order
 * is total and a page can start right after any row.
 */
export type Keyset = { columns: readonly SQLWrapper[]; direction: 'asc' | 'desc' };

/** The keyset's ORDER BY terms. */
export const keysetOrder = ({ columns, direction }: Keyset): SQL[] =>
  columns.map((column) => (direction === 'asc' ? asc(column) : desc(column)));

/** The keyset's ORDER BY as one fragment, for queries written as SQL text. */
export const keysetOrderSql = (keyset: Keyset): SQL => sql.join(keysetOrder(keyset), sql`, `);

/**
 * The rows after `cursor` (the values of a row's keyset columns, cast where the column's type cannot
 * be inferred) as one row comparison, `(c1, c2) > ($1, $2)` ascending or `<` descending: PostgreSQL
 * starts an index range on those columns there, where the same test spelt with ORs filters row by row.
 * Undefined, no condition, for the first page.
 */
export const keysetAfter = ({ columns, direction }: Keyset, cursor: readonly unknown[] | undefined) =>
  cursor === undefined
    ? undefined
    : sql`(${sql.join([...columns], sql`, `)}) ${direction === 'asc' ? sql`>` : sql`<`} (${sql.join(
        cursor.map((value) => sql`${value}`),
        sql`, `,
      )})`;

/**
 * Up to `limit` rows of a `$dynamic()` query that match `where`, after `cursor`, in the keyset's order:
 * one page of a keyset-paged list or one batch of an export (`keysetBatches`).
 */
export const keysetPage = <Q extends PgSelect>(
  query: Q,
  where: SQL | undefined,
  keyset: Keyset,
  cursor: readonly unknown[] | undefined,
  limit: number,
) =>
  query
    .where(and(where, keysetAfter(keyset, cursor)))
    .orderBy(...keysetOrder(keyset))
    .limit(limit);
