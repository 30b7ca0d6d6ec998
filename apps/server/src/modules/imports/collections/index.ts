/**
 * Imported collections (docs/lending-rules.md "An amount received"): paying an import's collection
 * rows through the money frame in the import's transaction, each once by its key; keeping the rows no
 * loan was found for; the "to match" list and its routes.
 */
export { createAlreadyImportedCounter } from './already-imported';
export { type CollectionPaid, type CollectionToPay, payCollection } from './pay';
export {
  type CollectionToMatch,
  holdCollectionsToMatch,
  type ImportedCollection,
  type ImportedCollectionCounts,
  type ImportingAdmin,
  payImportedCollections,
} from './service';
export { collectionsToMatchRoutes, TO_MATCH_READERS, TO_MATCH_RESOLVERS } from './to-match-routes';
