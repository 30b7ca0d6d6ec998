import type { TCollectionToMatch } from '@lending/domain';

/** Who holds the cash once the row is matched: the agent the file named, else the admin matching it. */
export const collectedByLabel = (collection: TCollectionToMatch) =>
  collection.collectedBy?.name ?? 'No agent named (you)';
