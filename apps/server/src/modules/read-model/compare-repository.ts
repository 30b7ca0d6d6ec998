import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql';
import type { Comparison, FigureCheck } from './figure';

const list = (parts: SQL[], separator = ', ') => sql.join(parts, sql.raw(separator));
const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/**
 * A check from a comparison: the kept rows and the definition's rows fully joined on the key, every
 * key whose sums differ (a missing row counting as zeros, so a kept row whose rows all went away
 * matches nothing, as no row does), at most `limit`, in key order, labelled.
 */
export const compareKept =
  (comparison: Comparison): FigureCheck =>
  async (db, limit) => {
    const { key, sums } = comparison;
    const keys = key.map(
      (name) => sql`coalesce(${col('r', name)}, ${col('t', name)})::text as ${sql.raw(name)}`,
    );
    const on = key.map((name) => sql`${col('t', name)} = ${col('r', name)}`);
    const zeroed = (alias: string) => list(sums.map((name) => sql`coalesce(${col(alias, name)}, 0)`));
    const rows = rowsOf<Record<string, string>>(
      await db.execute(sql`
        with recomputed as (${comparison.definition}), kept as (${comparison.kept})
        select distinct ${list(keys)}
        from recomputed r full join kept t on ${list(on, ' and ')}
        where (${zeroed('r')}) is distinct from (${zeroed('t')})
        order by ${sql.raw(key.map((_, i) => String(i + 1)).join(', '))} limit ${limit}`),
    );
    // Several differing keys may share a label (a collector's day in two modes): each is said once.
    return [...new Set(rows.map(comparison.label))];
  };
