import type { ImportLink, IsoDate } from '@lending/domain';
import type { Tx } from '../../db/client';
import type { Actor } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import type { CollectionToMatch, ImportedCollection } from './collections';
import type { ImportRoles } from './lookups';

/** The collection rows of an import, gathered over its batches and recorded once at the end. */
export type PendingCollections = { toPay: ImportedCollection[]; toMatch: CollectionToMatch[] };

/**
 * One commit's state, inside its one transaction: per kind, the id each written row got (rows of
 * this file that later rows point at, `ImportLink {in: 'file', row}`), and every id written (left out
 * of the book's answers, so the re-check sees the book as the dry run did). Ids only: 100,000 rows
 * are a few MB.
 */
export type CommitContext = {
  deps: AppDeps;
  tx: Tx;
  roles: ImportRoles;
  importId: number;
  fileName: string;
  cutOverDate: IsoDate;
  actor: Actor;
  ids: { agents: Map<number, number>; customers: Map<number, number>; loans: Map<number, number> };
  written: { users: Set<number>; loans: Set<number> };
  /** The file's collection rows, recorded once every batch is read (`recordCollections`). */
  collections: PendingCollections;
};

/**
 * The id a link names: the book's record, or the one this commit wrote for that row (always an
 * earlier row, so already written; a miss is a fault of the commit's own, never of the file).
 */
export const idOf = (link: ImportLink, written: ReadonlyMap<number, number>, what: string): number => {
  if (link.in === 'book') return link.id;
  const id = written.get(link.row);
  if (id === undefined) throw new Error(`import commit: the ${what} of row ${link.row} was not written`);
  return id;
};

export const idOrNull = (link: ImportLink | null, written: ReadonlyMap<number, number>, what: string) =>
  link === null ? null : idOf(link, written, what);
