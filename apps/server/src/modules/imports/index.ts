/**
 * Importing a lender's book from spreadsheets (docs/import.md): the file reader and template, the
 * wizard's routes, and the check and commit jobs.
 */
export { importCheck, importCheckRunner } from './check-job';
export {
  type CollectionToMatch,
  collectionsToMatchRoutes,
  holdCollectionsToMatch,
  type ImportedCollection,
  type ImportedCollectionCounts,
  type ImportingAdmin,
  payImportedCollections,
} from './collections';
export type { RecordedCollections } from './commit-collections';
export { importCommit, importCommitRunner } from './commit-job';
export { type ImportFileEvent, type ReadImportOptions, readImportRows } from './reader';
export { importRoutes } from './routes';
export { writeImportTemplate } from './template';
