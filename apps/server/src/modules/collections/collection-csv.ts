import type { Readable } from 'node:stream';
import { COLLECTION_REPORT_COLUMNS, reportColumns } from '@lending/domain';
import { reportCsvFile } from '../../platform/csv-file';
import { toCollectionRecord } from './collection-presenter';
import type { CollectionRow } from './collection-repository';

/** The records as CSV (UTF-8 with a BOM), written as they are read. */
export const collectionsCsv = (rows: AsyncIterable<CollectionRow>): Readable =>
  reportCsvFile(reportColumns(COLLECTION_REPORT_COLUMNS, 'csv'), rows, toCollectionRecord);
