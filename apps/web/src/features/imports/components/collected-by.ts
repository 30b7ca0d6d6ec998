import type { TCollectionToMatch } from '@lending/domain';

/** Who holds the cash once the row is matched: the agent the file named, else the admin matching it. */
export const collectedByLabel = (collection: TCollectionToMatch) =>
  collection.collectedBy?.name ?? 'No agent named (you)';

/**
 * What an admin can do when a match is refused because the collector's cash day is closed: the
 * server's words say why; this says what next. The row stays in the list until then.
 */
export const cashDayClosedHelp = (collection: TCollectionToMatch) =>
  `${collection.collectedBy ? `${collection.collectedBy.name}'s` : 'Your'} cash for today has been counted and the day closed, so this collection cannot be added to it. It stays in this list: match it on the next business day, when it counts in that day's cash, or dismiss it if the money was already taken in another way.`;
