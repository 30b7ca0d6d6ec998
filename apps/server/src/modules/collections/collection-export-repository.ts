import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { keysetAfter } from '../../db/keyset';
import { keysetBatches, rowsOf } from '../../db/sql';
import { type CollectionFilter, filteredCollectionRecords } from '../read-model';
import {
  COLLECTION_COLUMNS,
  COLLECTION_KEYSET,
  COLLECTION_ORDER,
  type CollectionRow,
  type RawRow,
  toCollectionRow,
} from './collection-repository';

/**
 * A record's place in COLLECTION_ORDER, `at` to the microsecond so equal-looking moments stay apart.
 * The select names the id's text `record_key`, never `record_id`: an output column of that name would
 * be what ORDER BY sorts, as text ('999' after '1000'), and batches would repeat and skip rows.
 */
type CollectionCursor = { day: string; at: string; status: string; src: number; recordId: number };

type ExportRow = { row: CollectionRow; cursor: CollectionCursor };

const readAfter = async (
  db: Executor,
  filter: CollectionFilter,
  after: CollectionCursor | undefined,
  limit: number,
): Promise<ExportRow[]> => {
  // Past the first batch only days up to the cursor's remain, so each query reads fewer days.
  const narrowed: CollectionFilter =
    after === undefined || (filter.toDay !== undefined && filter.toDay < after.day)
      ? filter
      : { ...filter, toDay: after.day };
  const continues = keysetAfter(
    COLLECTION_KEYSET,
    after && [
      sql`${after.day}::date`,
      sql`${after.at}::timestamptz`,
      sql`${after.status}::text`,
      sql`${after.src}::integer`,
      sql`${after.recordId}::bigint`,
    ],
  );
  const result = await db.execute(sql`${filteredCollectionRecords(narrowed)}
    select ${COLLECTION_COLUMNS}, src, record_id::text as record_key,
      to_char(filtered.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key
    from filtered
    where ${continues ?? sql`true`}
    order by ${COLLECTION_ORDER}
    limit ${limit}`);
  return rowsOf<RawRow>(result).map((raw) => ({
    row: toCollectionRow(raw),
    cursor: {
      day: String(raw.day),
      at: String(raw.at_key),
      status: String(raw.status),
      src: Number(raw.src),
      recordId: Number(raw.record_key),
    },
  }));
};

/**
 * Every record the filters match, in the report's order, read `batchSize` at a time (keyset on the
 * order's columns): an export of any length holds one batch.
 */
export async function* eachCollection(
  db: Executor,
  filter: CollectionFilter,
  batchSize: number,
): AsyncGenerator<CollectionRow> {
  const batches = keysetBatches<ExportRow, CollectionCursor>(
    (after, limit) => readAfter(db, filter, after, limit),
    (item) => item.cursor,
    batchSize,
  );
  for await (const item of batches) yield item.row;
}
