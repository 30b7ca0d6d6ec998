export {
  type CollectionToMatch,
  collectionsToMatchRoutes,
  holdCollectionsToMatch,
  type ImportedCollection,
  type ImportedCollectionCounts,
  type ImportingAdmin,
  payImportedCollections,
} from './collections';
export { type ImportFileEvent, type ReadImportOptions, readImportRows } from './reader';
export { writeImportTemplate } from './template';
